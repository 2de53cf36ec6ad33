extension StoreActor {
  /// Runs the cleanup of a handler cancelled after it started, now, where the cancel happened: before the
  /// newer action that superseded it starts, and before the code that cancelled it goes on, so a cleanup
  /// never undoes what comes after the cancel.
  ///
  /// Cancelled by code in the middle of its stretch (``cancel(id:)`` and the other cancels, see
  /// `cancelInStretch`), the cleanup's writes join that stretch's change: what the stretch wrote before the
  /// cancel, the cleanup's writes and what it writes after are one change, published when the stretch ends,
  /// whose cause is the stretch's. Cancelled by the store of its own accord (a cancel taken from the intake,
  /// a newer action's policy, `stop()`), outside any stretch, whatever is open is published first and the
  /// cleanup's writes are a change of their own, caused by the cancellation.
  ///
  /// No cleanup for a child that went away: the state it would reset is gone.
  func cleanUp(_ record: ActionRecord<I>, reason: CancellationReason) {
    guard record.hasStarted, reason != .childGone else { return }
    let joined = cancellingStretch
    if joined == nil { flush() }
    let outer = cleaning
    cleaning = Cleanup(record: record, reason: reason, change: joined ?? ChangeOwner(cause: record, cleanup: reason))
    if let child = record.childRun {
      child.cleanUp(reason)
    } else {
      interactor.onCancel(record.action, reason: reason, store: self)
    }
    if joined == nil { flush() }
    cleaning = outer
  }

  /// Runs a cancel that code running on the store makes (a handler, a hook, a task a handler started, or a
  /// cleanup), in the middle of its stretch: the cleanups it runs join that stretch's change.
  func cancelInStretch(_ cancel: () -> Void) {
    let outer = cancellingStretch
    cancellingStretch = cleaning?.change ?? ChangeOwner(cause: TaskContext.current, cleanup: nil)
    cancel()
    cancellingStretch = outer
  }

  /// Opens the batch a cleanup's writes go in at its first write, unless it is open: the cancelling
  /// stretch's, or the cleanup's own.
  func willWrite(cleaningUp cleanup: Cleanup) {
    if let batch {
      if cleanup.change.owns(batch) { return }
      flush()
    }
    openBatch(cause: cleanup.change.cause, cleanup: cleanup.change.cleanup)
  }
}
