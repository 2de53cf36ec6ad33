/// Navigation state as it is often written: an indirect enum nested level by level.
indirect enum Tree: Equatable, Sendable {
  case leaf(String)
  case node(value: Int, child: Tree)

  /// `depth` nodes above a leaf holding `leaf`.
  static func chain(depth: Int, leaf: String) -> Tree {
    (0..<depth).reversed().reduce(.leaf(leaf)) { child, value in .node(value: value, child: child) }
  }
}

/// A screen on a navigation stack, its payload a struct as a feature's state usually is.
enum Destination: Equatable, Sendable {
  case list(Item)
  case detail(id: Int, item: Item)
  case settings

  static func stack(_ count: Int) -> [Destination] {
    Item.array(count).map { item in
      switch item.id % 3 {
      case 0: .list(item)
      case 1: .detail(id: item.id, item: item)
      default: .settings
      }
    }
  }
}
