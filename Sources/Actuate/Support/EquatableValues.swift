/// Compares values of a type only known at run time to be `Equatable`, or never calls them equal.
enum EquatableValues {
  static func comparator<Value>(for type: Value.Type) -> @Sendable (Value, Value) -> Bool {
    guard type is any Equatable.Type else { return { _, _ in false } }
    return { lhs, rhs in (lhs as! any Equatable).isEqual(to: rhs) }
  }

  /// Whether two values of a type only known at run time to be `Equatable` differ; values of any other
  /// type always do.
  static func inequality<Value>(for type: Value.Type) -> (Value, Value) -> Bool {
    let isEqual = comparator(for: type)
    return { !isEqual($0, $1) }
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
