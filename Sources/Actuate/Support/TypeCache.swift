/// A fact about types, worked out once per type from its first value and kept for the life of the program:
/// bounded by the program's types.
///
/// The debug log asks such facts of every value it prints (how to reflect it, its `==`, how to describe it),
/// and each costs a protocol cast or a `Mirror` that depends on the type alone.
final class TypeCache<Fact: Sendable>: Sendable {
  private let known = Locked<[ObjectIdentifier: Fact]>([:])

  /// The fact for `value`'s type, learnt from `value` the first time the type is seen.
  func fact(for value: Any, learn: (Any) -> Fact) -> Fact {
    let key = ObjectIdentifier(type(of: value))
    if let known = known.withLock({ $0[key] }) { return known }
    let learnt = learn(value)
    known.withLock { $0[key] = learnt }
    return learnt
  }
}
