/// An actor whose only job is to own a serial executor: a root store and every child store inside it run
/// on it, so they exclude each other and a parent's code reaches a child's without a hop.
final actor ExecutorAnchor {
  /// Whether the root's writes in the middle of a stretch must count its children first (see
  /// `ChildTable.noteGone`): set by the root as it reconciles them. Kept here, on an object every store
  /// holds, so that each write asks a flag, not the root's generic table.
  nonisolated(unsafe) var countsChildren = false
}
