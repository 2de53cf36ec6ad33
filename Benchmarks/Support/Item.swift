/// A small struct of the kind a feature's state holds by the thousand.
struct Item: Equatable, Sendable {
  var id: Int
  var name: String
  var done: Bool

  static func array(_ count: Int) -> [Item] {
    (0..<count).map { Item(id: $0, name: "item \($0)", done: $0.isMultiple(of: 2)) }
  }
}
