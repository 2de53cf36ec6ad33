/// Identity and order of values whose type the differ knows only at run time, recovered by opening
/// existentials: an element's `Identifiable` id pairs it with its old self, and keys print in `Comparable`
/// order. (Their `==` is ``EquatableValues``'.)
enum DynamicConformances {
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

extension Identifiable {
  fileprivate var erasedIdentity: AnyHashable { AnyHashable(id) }
}
