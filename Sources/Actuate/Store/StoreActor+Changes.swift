extension StoreActor {
  /// Whether anyone needs state changes: observers want old and new, subscribers want the new values.
  var isObserved: Bool { !observers.isEmpty || !subscribers.isEmpty || hasChildren }

  /// Called by the inlined state accessors before a root store's write, in one call: whether the write
  /// lands, and if it does, the batch it joins.
  ///
  /// A write does not land once the store has stopped, nor for a cancelled action, whether its handler
  /// writes or a task the handler started (it inherits the action's task-local record, though not its
  /// cancellation). A cleanup's writes always land.
  @usableFromInline
  func beginWrite() -> Bool {
    // In the middle of a stretch, a parent first notes the children whose state went away since the
    // stretch's last write: this write may bring it back, and the child that was there must still end.
    if hasChildren, batch != nil, anchor.countsChildren { noteGoneChildren() }
    if let cleaning {
      if isObserved { willWrite(cleaningUp: cleaning) }
      return true
    }
    if isStopped { return false }
    // Read once: the write's cause, and whether it is cancelled.
    let context = TaskContext.current
    if let context, context.owner == ObjectIdentifier(self) {
      if context.isCancelled { return false }
    } else if Task.isCancelled {
      return false
    }
    if isObserved { return willWrite(cause: context) }
    return true
  }

  /// Opens a batch at the first write of a stretch, so the stretch's writes become one change; a write from
  /// another task first closes the batch that is open. Returns whether the write still lands.
  private func willWrite(cause: TaskRecord?) -> Bool {
    if let batch {
      if batch.cause === cause, batch.cleanup == nil { return true }
      flush()
      // The change just published may have replaced a child and cancelled this write's task: a stale write
      // of the old child must not land in the new one.
      if hasChildren, isCancelledNow(cause) { return false }
    }
    openBatch(cause: cause)
    return true
  }

  /// Out of line, like `publishBatch`: building a batch looks up the state's type.
  @inline(never)
  func openBatch(cause: TaskRecord?, cleanup: CancellationReason? = nil) {
    batch = StateBatch(old: current, cause: cause, cleanup: cleanup)
    // A handler resumed after a suspension runs outside any drain, so nothing of ours runs when its
    // stretch ends; a job queued now runs right after it, on this executor.
    if boundaryDepth == 0, !flushScheduled {
      flushScheduled = true
      Task { self.flushScheduledBatch() }
    }
  }

  private func flushScheduledBatch() {
    flushScheduled = false
    flush()
  }

  /// Closes the open batch, if any, and publishes it as one change.
  func flush() {
    // Checked here and published out of line, so a call with no open change looks no type up
    // (HowItWorks.md, "Unspecialised code").
    if batch != nil { publishBatch() }
  }

  @inline(never)
  private func publishBatch() {
    guard let batch else { return }
    self.batch = nil
    activity &+= 1
    if !observers.isEmpty { emitChanged(batch) }
    // Each out of line, for the same reason as this function.
    if !subscribers.isEmpty { publishToSubscribers() }
    if hasChildren { reconcileChildren(after: batch) }
  }

  @inline(never)
  private func publishToSubscribers() {
    subscribers.publish(current)
  }

  @inline(never)
  private func reconcileChildren(after batch: Batch) {
    reconcileChildren(old: Self.old(of: batch))
  }

  /// Runs `body` as one stretch of the store's own making, and publishes its writes as one change.
  func withBoundary<R>(_ body: () throws -> R) rethrows -> R {
    boundaryDepth += 1
    defer {
      boundaryDepth -= 1
      flush()
    }
    return try body()
  }

  // MARK: Cancels and cleanups in a stretch

  /// Runs a cancel that code running on the store makes (a handler, a hook, a task a handler started, or a
  /// cleanup), in the middle of its stretch: the cleanups it runs join that stretch's change.
  func cancelInStretch(_ cancel: () -> Void) {
    let outer = cancellingStretch
    cancellingStretch = cleaning?.change ?? ChangeOwner(cause: TaskContext.current, cleanup: nil)
    cancel()
    cancellingStretch = outer
  }

  /// Runs the cleanup of `record`'s cancellation. Cancelled by code in the middle of its stretch
  /// (`cancelInStretch`), its writes join that stretch's change: what the stretch wrote before the cancel,
  /// the cleanup's writes and what it writes after are one change, published when the stretch ends, whose
  /// cause is the stretch's. Cancelled by the store of its own accord (a cancel taken from the intake, a
  /// newer action's policy, `stop()`), outside any stretch, whatever is open is published first and the
  /// cleanup's writes are a change of their own, caused by the cancellation.
  func withCleanup(of record: TaskRecord, reason: CancellationReason, _ cleanup: () -> Void) {
    let joined = cancellingStretch
    if joined == nil { flush() }
    let outer = cleaning
    cleaning = Cleanup(record: record, reason: reason, change: joined ?? ChangeOwner(cause: record, cleanup: reason))
    cleanup()
    if joined == nil { flush() }
    cleaning = outer
  }

  /// Opens the batch a cleanup's writes go in at its first write, unless it is open: the cancelling
  /// stretch's, or the cleanup's own.
  func willWrite(cleaningUp cleanup: Cleanup) {
    if let batch, !cleanup.change.owns(batch) { flush() }
    if batch == nil { openBatch(cause: cleanup.change.cause, cleanup: cleanup.change.cleanup) }
    // A cleanup that joins a stretch's change is named with it, once.
    if cleanup.change.cleanup == nil, let batch, !batch.cleanups.contains(where: { $0.record === cleanup.record }) {
      batch.cleanups.append((cleanup.record, cleanup.reason))
    }
  }

  func dropWrite(path: @autoclosure () -> String) {
    guard !observers.isEmpty else { return }
    emit(.writeDropped(path: path(), cause: cause(of: TaskContext.current)))
  }

  func cause(of batch: Batch) -> StoreCause<I> {
    StoreCause(of: batch, owner: ObjectIdentifier(self))
  }

  func cause(of cleanup: Cleanup) -> StoreCause<I> {
    .cancellation(actionRecord(cleanup.record).action, task: cleanup.record.number, reason: cleanup.reason)
  }

  func cause(of record: TaskRecord?) -> StoreCause<I> {
    StoreCause(of: record, owner: ObjectIdentifier(self))
  }
}
