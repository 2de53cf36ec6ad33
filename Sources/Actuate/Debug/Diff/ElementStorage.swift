/// Ordered elements kept in their static type, so unchanged elements can be compared with a
/// typed `==` and are only boxed into `Any` when they actually need printing.
protocol ElementStorage {
  var count: Int { get }
  func element(at index: Int) -> Any
  /// A typed `==` between `self[i]` and `other[j]`, when both hold the same `Equatable` type.
  func equality(with other: any ElementStorage) -> ((Int, Int) -> Bool)?
  /// `Identifiable` ids of the elements in `range`, or `nil` when they are not identifiable.
  func identities(in range: Range<Int>) -> [AnyHashable]?
}

struct TypedElements<Element>: ElementStorage {
  let items: [Element]

  init(_ items: [Element]) {
    self.items = items
  }

  var count: Int { items.count }

  func element(at index: Int) -> Any { items[index] }

  func equality(with other: any ElementStorage) -> ((Int, Int) -> Bool)? {
    guard let other = other as? TypedElements<Element>,
      let equal = EquatableValues.equality(for: Element.self)
    else { return nil }
    let lhs = items
    let rhs = other.items
    return { equal(lhs[$0], rhs[$1]) }
  }

  func identities(in range: Range<Int>) -> [AnyHashable]? {
    DynamicConformances.identities(of: items[range])
  }
}

/// Standard ordered collections reflect without `Mirror`.
protocol SequenceReflecting {
  var displaysAsArray: Bool { get }
  var reflectedElements: any ElementStorage { get }
}

extension Array: SequenceReflecting {
  var displaysAsArray: Bool { true }
  var reflectedElements: any ElementStorage { TypedElements(self) }
}

extension ContiguousArray: SequenceReflecting {
  var displaysAsArray: Bool { false }
  var reflectedElements: any ElementStorage { TypedElements(Array(self)) }
}

extension ArraySlice: SequenceReflecting {
  var displaysAsArray: Bool { false }
  var reflectedElements: any ElementStorage { TypedElements(Array(self)) }
}
