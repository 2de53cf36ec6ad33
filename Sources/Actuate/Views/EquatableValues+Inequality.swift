extension EquatableValues {
  /// Whether two values of a type only known at run time to be `Equatable` differ; values of any other
  /// type always do.
  static func inequality<Value>(for type: Value.Type) -> (Value, Value) -> Bool {
    let isEqual = comparator(for: type)
    return { !isEqual($0, $1) }
  }
}
