/// `==` for values whose type is known to be `Equatable` only at run time: a subscriber's or a view's test of
/// change over a generic state, and the differ's test of each part of a value it meets.
///
/// Each type's conformance is looked up once and kept as a witness: casting a value to `any Equatable`
/// searches the runtime's conformance tables, and these comparisons run at every change.
enum EquatableValues {
  /// `nil` for types that are not `Equatable`.
  private static let witnesses = TypeCache<(any EqualityWitness.Type)?>()

  /// The `==` of `type`, or `nil` when it is not `Equatable`.
  static func witness(for type: Any.Type) -> (any EqualityWitness.Type)? {
    witnesses.fact(of: type) { type in
      guard let equatable = type as? any Equatable.Type else { return nil }
      return witness(of: equatable)
    }
  }

  private static func witness<Value: Equatable>(of _: Value.Type) -> any EqualityWitness.Type {
    TypedEqualityWitness<Value>.self
  }

  /// `==` for `Value`, or `nil` when it is not `Equatable`.
  static func equality<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    witness(for: type)?.equality(as: type)
  }

  /// `==` for `Value`; two values of a type that is not `Equatable` are never equal.
  static func comparator<Value>(for type: Value.Type) -> @Sendable (Value, Value) -> Bool {
    guard let equality = equality(for: type) else { return { _, _ in false } }
    // Holds nothing but the type's metadata, which any thread may read.
    nonisolated(unsafe) let isEqual = equality
    return { isEqual($0, $1) }
  }

  /// Whether two values of `Value` differ; values of a type that is not `Equatable` always do.
  static func inequality<Value>(for type: Value.Type) -> (Value, Value) -> Bool {
    let isEqual = comparator(for: type)
    return { !isEqual($0, $1) }
  }

  /// Whether two values of any types are equal: `nil` when their type is not `Equatable`, so that equality
  /// is unknown, and `false` when their types differ.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let witness = witness(for: type(of: lhs)) else { return nil }
    guard type(of: lhs) == type(of: rhs) else { return false }
    return witness.areEqual(lhs, rhs)
  }
}

/// `==` for one `Equatable` type, reached from code that does not know the type statically.
protocol EqualityWitness: SendableMetatype {
  /// Whether two values of the witness's type are equal (`false` when either is of another type).
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool
  /// `==` for values of `Value`, which is the witness's type.
  static func equality<Value>(as type: Value.Type) -> (Value, Value) -> Bool
}

private enum TypedEqualityWitness<Typed: Equatable>: EqualityWitness {
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    // A cast to a concrete type compares type metadata and copies: no conformance look-up.
    guard let lhs = lhs as? Typed, let rhs = rhs as? Typed else { return false }
    return lhs == rhs
  }

  static func equality<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
    // `Value` is `Typed`, so the casts only reinterpret: nothing is looked up at each comparison.
    { unsafeBitCast($0, to: Typed.self) == unsafeBitCast($1, to: Typed.self) }
  }
}
