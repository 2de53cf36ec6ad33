extension StoreActor {
  /// Runs the cleanup of a handler cancelled after it started, now, where the cancel happened: before the
  /// newer action that superseded it starts, and before the code that cancelled it goes on, so a cleanup
  /// never undoes what comes after the cancel. Whatever the current stretch wrote before the cancel is
  /// published first, as its own change; the cleanup's writes are the next one.
  ///
  /// No cleanup for a child that went away: the state it would reset is gone.
  func cleanUp(_ record: ActionRecord<I>, reason: CancellationReason) {
    guard record.hasStarted, reason != .childGone else { return }
    flush()
    let outer = cleaning
    let cleanup = Cleanup(record: record, reason: reason)
    cleaning = cleanup
    if let child = record.childRun {
      child.cleanUp(reason)
    } else {
      interactor.onCancel(record.action, reason: reason, store: self)
    }
    flush()
    cleaning = outer
  }

  /// Opens the cleanup's own batch at its first write.
  func willWrite(cleaningUp cleanup: Cleanup) {
    if let batch {
      if batch.cause === cleanup.record, batch.cleanup != nil { return }
      flush()
    }
    batch = StateBatch(old: current, cause: cleanup.record, cleanup: cleanup.reason)
  }
}
