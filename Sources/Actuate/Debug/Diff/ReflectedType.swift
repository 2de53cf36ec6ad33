/// How the values of a type are reflected, decided once per type.
///
/// Deciding it per value would take up to three failing protocol casts (each a look-up in the runtime's
/// conformance cache) before reaching the `Mirror`; the answer depends on the type alone.
enum ReflectedType: Sendable {
  /// A ``DebugRedacted`` value, printed as `<redacted>` whatever it holds.
  case redacted
  /// A leaf printed as a literal, through its type's own ``DumpLiteral`` conformance.
  case literal(any LiteralWitness.Type)
  case sequence
  case keyed
  /// A struct read through its ``StructLayout``.
  case structure(StructLayout)
  /// An enum, read through a `Mirror`, its shapes kept per value by ``ValueClassifier``.
  case enumeration
  /// Everything else: tuples, classes and types that describe themselves.
  case mirror

  static func of(_ value: Any) -> ReflectedType {
    known.fact(for: value, learn: learn)
  }

  private static let known = TypeCache<ReflectedType>()

  private static func learn(from value: Any) -> ReflectedType {
    if value is any DebugRedacted { return .redacted }
    if let literal = value as? any DumpLiteral { return .literal(literalWitness(literal)) }
    if value is any SequenceReflecting { return .sequence }
    if value is any KeyedReflecting { return .keyed }
    if let layout = StructLayout.learn(from: value) { return .structure(layout) }
    return Mirror(reflecting: value).displayStyle == .enum ? .enumeration : .mirror
  }

  private static func literalWitness<Value: DumpLiteral>(_: Value) -> any LiteralWitness.Type {
    TypedLiteralWitness<Value>.self
  }
}

/// The shape of a ``DumpLiteral`` whose type is erased, reached with a cast to its concrete type instead
/// of a search of the runtime's conformance tables.
protocol LiteralWitness: SendableMetatype {
  static func shape(of value: Any) -> ValueShape?
}

private enum TypedLiteralWitness<Value: DumpLiteral>: LiteralWitness {
  static func shape(of value: Any) -> ValueShape? {
    (value as? Value)?.dumpShape
  }
}
