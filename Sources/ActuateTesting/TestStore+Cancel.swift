import Actuate

extension TestStore {
  /// Cancels the work under `id` from outside the store, as `Store.cancel(id:)` does, and asserts the
  /// change the cleanups of the cancelled handlers make. Package API, as `Store.cancel(id:)` is: a user's
  /// test sends the action that cancels, and asserts the cleanups with that send.
  ///
  /// ```swift
  /// await store.send(.search("tabby")) { $0.isSearching = true }
  /// await store.cancel(id: SearchID()) { $0.isSearching = false }
  /// ```
  ///
  /// Each started handler's cleanup (``Interactor/onCancel(_:reason:store:)``) writes a change of its own;
  /// the closure turns the previously asserted state into the state after the last of them. Without it,
  /// asserts that the cleanups changed nothing. In an exhaustive test, every earlier change and received
  /// action must have been asserted first.
  package func cancel(
    id: some Hashable & Sendable,
    assert update: (@Sendable (inout I.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let what = "cancel(id: \(Actuate.describe(id)))"
    requireEarlierAsserted(before: what, at: location)
    store.cancel(id: id)
    await store.actor.drainIntake()
    let cleanups = takeCleanupChanges()
    if let update {
      let (old, new) = cleanups.map { ($0.first!.old, $0.last!.new) } ?? (state, state)
      check(old, new, update: update, what: what, at: location)
    } else if isExhaustive, let cleanups, cleanups.first!.old != cleanups.last!.new {
      fail(
        """
        \(what) changed the state, but the test expected no change (- before, + after):

        \(DebugLog.diff(cleanups.first!.old, cleanups.last!.new)?.indented ?? "")
        Pass a closure that makes this change: cancel(id: …) { $0… = … }.
        """, at: location)
    }
    if update == nil, let last = cleanups?.last { takeAsAsserted(last.new) }
    await settle(during: what, at: location)
  }

  /// Takes the changes the cleanups of a cancel made, in order; `nil` when there were none.
  private func takeCleanupChanges() -> [(old: I.State, new: I.State)]? {
    let changes = recorder.log.withLock { log in
      var changes: [(old: I.State, new: I.State)] = []
      log.pending.removeAll { item in
        guard case .change(let old, let new, .cancellation) = item else { return false }
        changes.append((old, new))
        return true
      }
      return changes
    }
    return changes.isEmpty ? nil : changes
  }
}
