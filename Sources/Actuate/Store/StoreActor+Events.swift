extension StoreActor {
  // The events of an action's life. A watcher is told them through its non-generic interface, with the
  // action's record; only other observers (a TestStore) need the events built. Each event is built out of
  // line: a store's code runs unspecialised for an interactor of another module, and a function that can
  // build an event looks up the event's type on entry, whether or not it does.

  func emitSent(_ record: ActionRecord<I>) {
    observers.watcher?.actionTaken(WatchedTask(record))
    if observers.hasListeners { emitSentEvent(record) }
  }

  /// Returns when the handler started, for the duration the end reports.
  func emitStarted(_ record: ActionRecord<I>) -> Duration {
    let now = StartedAt.now
    observers.watcher?.handlerStarted(WatchedTask(record))
    if observers.hasListeners { emitStartedEvent(record) }
    return now
  }

  func emitCancelled(_ record: ActionRecord<I>, reason: CancellationReason) {
    observers.watcher?.actionCancelled(WatchedTask(record), reason: reason)
    if observers.hasListeners { emitCancelledEvent(record, reason: reason) }
  }

  func emitFinished(_ record: ActionRecord<I>, startedAt: Duration?) {
    let duration = startedAt.map { StartedAt.now - $0 }
    let outcome = record.endingOutcome
    observers.watcher?.actionEnded(WatchedTask(record), outcome: outcome, duration: duration)
    if observers.hasListeners { emitFinishedEvent(record, outcome: outcome, duration: duration) }
  }

  @inline(never)
  private func emitSentEvent(_ record: ActionRecord<I>) {
    emitToListeners(.actionSent(record.action, task: record.number, sender: record.sender))
  }

  @inline(never)
  private func emitStartedEvent(_ record: ActionRecord<I>) {
    emitToListeners(.actionStarted(record.action, task: record.number))
  }

  @inline(never)
  private func emitCancelledEvent(_ record: ActionRecord<I>, reason: CancellationReason) {
    emitToListeners(.actionCancelled(record.action, task: record.number, reason: reason))
  }

  @inline(never)
  private func emitFinishedEvent(_ record: ActionRecord<I>, outcome: ActionOutcome, duration: Duration?) {
    emitToListeners(.actionFinished(record.action, task: record.number, outcome: outcome, duration: duration))
  }

  /// Tells a change to the watcher, boxing the new state with the batch if it wants it, and to the other
  /// observers as an event.
  @inline(never)
  func emitChanged(_ batch: Batch) {
    if let watcher = observers.watcher, watcher.wantsChange(madeBy: stretchTask(of: batch)) {
      watcher.changed(WatchedStates<I>(batch: batch, new: current, owner: ObjectIdentifier(self)))
    }
    if observers.hasListeners {
      emitToListeners(.stateChanged(old: Self.old(of: batch), new: current, cause: cause(of: batch)))
    }
  }

  /// The task of this store whose stretch made `batch`, unless it is a cleanup's change of its own.
  private func stretchTask(of batch: Batch) -> WatchedTask? {
    guard batch.cleanup == nil, let cause = batch.cause, cause.owner == ObjectIdentifier(self) else { return nil }
    return WatchedTask(cause)
  }

  /// Tells any event to every observer and the watcher.
  func emit(_ event: StoreEvent<I>) {
    emitToListeners(event)
    observers.watcher?.event(event)
  }

  func emitToListeners(_ event: StoreEvent<I>) {
    for observer in observers { observer(storeID, event) }
  }

  /// Does nothing, on the store: awaiting it waits for the store's current stretch of code to end, as a
  /// watcher does before it reads what it was told.
  func finishCurrentStretch() {}
}
