/// Equality and identity of type-erased values, recovered by opening existentials so that
/// unchanged subtrees can be skipped with `==` instead of being reflected and printed.
enum DynamicEquality {
  /// `nil` when the values' type is not `Equatable`, meaning equality is unknown.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let witness = EqualityWitnesses.witness(for: lhs) else { return nil }
    guard type(of: lhs) == type(of: rhs) else { return false }
    return witness.areEqual(lhs, rhs)
  }

  /// A typed `==` for a statically unknown element type, or `nil` when it is not `Equatable`.
  static func typedEquality<Element>(_ type: Element.Type) -> ((Element, Element) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    return makeEquality(equatable, as: Element.self)
  }

  private static func makeEquality<Typed: Equatable, Element>(
    _: Typed.Type, as _: Element.Type
  ) -> (Element, Element) -> Bool {
    // Typed and Element are the same runtime type here, so the casts are reinterpretations.
    { unsafeBitCast($0, to: Typed.self) == unsafeBitCast($1, to: Typed.self) }
  }

  static func identity(of value: Any) -> AnyHashable? {
    guard let identifiable = value as? any Identifiable else { return nil }
    return identifiable.erasedIdentity
  }

  static func identities<Element>(of items: ArraySlice<Element>) -> [AnyHashable]? {
    if let identifiable = Element.self as? any Identifiable.Type {
      return typedIdentities(identifiable, items)
    }
    var result: [AnyHashable] = []
    result.reserveCapacity(items.count)
    for item in items {
      guard let id = identity(of: item) else { return nil }
      result.append(id)
    }
    return result
  }

  private static func typedIdentities<Typed: Identifiable, Element>(
    _: Typed.Type, _ items: ArraySlice<Element>
  ) -> [AnyHashable] {
    items.map { AnyHashable(unsafeBitCast($0, to: Typed.self).id) }
  }

  /// Orders keys for display: by `<` when the static type is `Comparable` (so `2` precedes
  /// `10`), otherwise by the text each one dumps to.
  static func stableOrder<Element>(_ items: [Element], fallbackKey: (Element) -> String) -> [Element] {
    if let comparable = Element.self as? any Comparable.Type {
      return sortedComparable(comparable, items)
    }
    let keys = items.map(fallbackKey)
    return keys.indices.sorted { keys[$0] < keys[$1] }.map { items[$0] }
  }

  /// A typed `<` for a statically unknown type, or `nil` when it is not `Comparable`.
  static func typedLess<Element>(_ type: Element.Type) -> ((Element, Element) -> Bool)? {
    guard let comparable = type as? any Comparable.Type else { return nil }
    return makeLess(comparable, as: Element.self)
  }

  private static func makeLess<Typed: Comparable, Element>(
    _: Typed.Type, as _: Element.Type
  ) -> (Element, Element) -> Bool {
    { unsafeBitCast($0, to: Typed.self) < unsafeBitCast($1, to: Typed.self) }
  }

  private static func sortedComparable<Typed: Comparable, Element>(
    _: Typed.Type, _ items: [Element]
  ) -> [Element] {
    unsafeBitCast(unsafeBitCast(items, to: [Typed].self).sorted(), to: [Element].self)
  }
}

/// `==` for one `Equatable` type, reached from values whose type is erased.
protocol EqualityWitness: SendableMetatype {
  /// Whether two values of the witness's type are equal (`false` when either is of another type).
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool
}

private enum TypedEqualityWitness<Value: Equatable>: EqualityWitness {
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    // Casts to a concrete type: a comparison of type metadata and a copy, with no conformance look-up.
    guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
    return lhs == rhs
  }
}

/// Each type's `Equatable` conformance, looked up once: the differ asks it of every field it meets, and a
/// cast to `any Equatable` searches the runtime's conformance tables each time.
enum EqualityWitnesses {
  /// `nil` for types that are not `Equatable`.
  private static let known = TypeCache<(any EqualityWitness.Type)?>()

  static func witness(for value: Any) -> (any EqualityWitness.Type)? {
    known.fact(for: value) { value in
      guard let equatable = value as? any Equatable else { return nil }
      return makeWitness(equatable)
    }
  }

  private static func makeWitness<Value: Equatable>(_: Value) -> any EqualityWitness.Type {
    TypedEqualityWitness<Value>.self
  }
}

extension Identifiable {
  fileprivate var erasedIdentity: AnyHashable { AnyHashable(id) }
}
