/// A cancel identifier of a child, scoped by the child's node so it never meets a sibling's or a parent's.
struct ChildScope: Hashable, Sendable, CustomStringConvertible {
  let node: UInt64
  let id: CancelID?

  var description: String { "\(id.map { "\($0)" } ?? "any") in child #\(node)" }
}

extension ActionPolicy {
  /// The same policy with its identifier scoped to a child, so it never meets a sibling's or a parent's.
  /// A policy without one stays without: its tasks join no group, and cancelling the child finds them by
  /// the child's number on their records.
  func scoped(to node: UInt64) -> ActionPolicy {
    guard let id else { return self }
    return ActionPolicy(
      kind: kind, id: CancelID(ChildScope(node: node, id: id)),
      extraIDs: extraIDs.map { CancelID(ChildScope(node: node, id: $0)) })
  }
}
