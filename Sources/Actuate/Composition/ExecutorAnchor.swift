/// An actor whose only job is to own a serial executor: a root store and every child store inside it run
/// on it, so they exclude each other and a parent's code reaches a child's without a hop.
final actor ExecutorAnchor {
  /// Whether the root's writes in the middle of a stretch must count its children first (see
  /// `ChildTable.noteGone`): set by the root as it reconciles them. Kept here, on an object every store
  /// holds, so that each write asks a flag, not the root's generic table.
  nonisolated(unsafe) var countsChildren = false
  /// The executor a TestStore owns, which the stores run on instead of the anchor's own; `nil` for a store
  /// of its own.
  nonisolated let owned: (any OwnedExecutor)?

  init(owned: (any OwnedExecutor)? = nil) {
    self.owned = owned
  }

  /// The executor the stores run on: the owned one, or the anchor's own.
  nonisolated var executor: UnownedSerialExecutor {
    owned?.asUnownedSerialExecutor() ?? unownedExecutor
  }
}
