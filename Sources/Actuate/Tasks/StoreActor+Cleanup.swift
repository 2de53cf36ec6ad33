extension StoreActor {
  /// Queues the cleanup of a handler cancelled after it started, to run at the end of the current stretch:
  /// the code that cancelled it finishes first, and the cleanup's writes are a change of their own.
  ///
  /// No cleanup for a child that went away: the state it would reset is gone.
  func queueCleanup(of record: ActionRecord<I>, reason: CancellationReason) {
    guard record.hasStarted, reason != .childGone else { return }
    pendingCleanups.append(Cleanup(record: record, reason: reason, child: record.childRun))
    flushAfterThisStretch()
  }

  /// Makes sure a flush runs once the current stretch ends. Inside a stretch of the store's own making the
  /// boundary flushes; a handler resumed after a suspension has no boundary, so a job queued now does it.
  func flushAfterThisStretch() {
    guard boundaryDepth == 0, !flushScheduled else { return }
    flushScheduled = true
    Task { self.flushScheduledBatch() }
  }

  /// Runs the queued cleanups in the order their handlers were cancelled, each as one change whose cause
  /// is its cancellation.
  func runCleanups() {
    var index = 0
    while index < pendingCleanups.count {
      let cleanup = pendingCleanups[index]
      index += 1
      cleaning = cleanup
      if let child = cleanup.child {
        child.cleanUp(cleanup.reason)
      } else {
        interactor.onCancel(cleanup.record.action, reason: cleanup.reason, store: self)
      }
      cleaning = nil
      publishBatch()
    }
    pendingCleanups.removeAll(keepingCapacity: true)
  }

  /// Opens the cleanup's own batch at its first write.
  func willWrite(cleaningUp cleanup: Cleanup) {
    if let batch {
      if batch.cause === cleanup.record, batch.cleanup != nil { return }
      publishBatch()
    }
    batch = Batch(old: current, cause: cleanup.record, cleanup: cleanup.reason)
  }
}
