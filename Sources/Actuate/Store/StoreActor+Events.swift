extension StoreActor {
  // The events of an action's life. A log takes them through its inbox as the records they are about;
  // only other observers (a TestStore) need the events built. Each event is built out of line: a store's
  // code runs unspecialised for an interactor of another module, and a function that can build an event
  // looks up the event's type on entry, whether or not it does.

  func emitSent(_ record: ActionRecord<I>) {
    observers.log?.sent(record)
    if observers.hasListeners { emitSentEvent(record) }
  }

  /// Returns when the handler started, for the duration the end reports.
  func emitStarted(_ record: ActionRecord<I>) -> Duration {
    let now = StartedAt.now
    observers.log?.started(record)
    if observers.hasListeners { emitStartedEvent(record) }
    return now
  }

  func emitCancelled(_ record: ActionRecord<I>, reason: CancellationReason) {
    observers.log?.cancelled(record, reason: reason)
    if observers.hasListeners { emitCancelledEvent(record, reason: reason) }
  }

  func emitFinished(_ record: ActionRecord<I>, startedAt: Duration?) {
    let duration = startedAt.map { StartedAt.now - $0 }
    let outcome = record.endingOutcome
    observers.log?.finished(record, outcome: outcome, duration: duration)
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

  /// Tells a change to the log, boxing the new state, and to the other observers as an event.
  @inline(never)
  func emitChanged(_ batch: Batch) {
    if let log = observers.log, log.keeps(.stateChange), !log.leavesOut(batch) {
      log.changed(PublishedState(batch: batch, new: current))
    }
    if observers.hasListeners {
      emitToListeners(.stateChanged(old: Self.old(of: batch), new: current, cause: cause(of: batch)))
    }
  }

  /// Tells any event to every observer: the log takes it boxed.
  func emit(_ event: StoreEvent<I>) {
    emitToListeners(event)
    if let log = observers.log, let kind = event.debugKind {
      if log.keeps(kind) { log.other(EventBox(event), essential: kind == .stopped) }
      if kind == .stopped { log.storeStopped() }
    }
  }

  func emitToListeners(_ event: StoreEvent<I>) {
    for observer in observers { observer(storeID, event) }
  }

  /// Does nothing, on the store: awaiting it waits for the store's current stretch of code to end, as the
  /// debug log does before it reads what it was told.
  func finishCurrentStretch() {}
}
