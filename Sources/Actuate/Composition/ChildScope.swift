/// A cancel identifier of a child, scoped by the child's node so it never meets a sibling's or a parent's.
struct ChildScope: Hashable, Sendable, CustomStringConvertible {
  let node: UInt64
  let id: CancelID?

  var description: String { "\(id.map { "\($0)" } ?? "any") in child #\(node)" }
}
