/// A fact about types, worked out once per type and kept for the life of the program: bounded by the
/// program's types.
///
/// The debug log asks such facts of every value it prints (how to reflect it, how to describe it), and a
/// subscriber or a view asks its state's `==`; each costs a protocol cast or a `Mirror` that depends on the
/// type alone.
final class TypeCache<Fact: Sendable>: Sendable {
  private let known = Locked<[ObjectIdentifier: Fact]>([:])

  /// The fact for `type`, learnt the first time it is asked.
  func fact(of type: Any.Type, learn: (Any.Type) -> Fact) -> Fact {
    let key = ObjectIdentifier(type)
    if let known = known.withLock({ $0[key] }) { return known }
    let learnt = learn(type)
    known.withLock { $0[key] = learnt }
    return learnt
  }

  /// The fact for `value`'s type, learnt from `value` the first time the type is seen.
  func fact(for value: Any, learn: (Any) -> Fact) -> Fact {
    fact(of: type(of: value)) { _ in learn(value) }
  }
}
