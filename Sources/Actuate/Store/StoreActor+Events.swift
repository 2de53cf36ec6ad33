extension StoreActor {
  // The events of an action's life, each built out of line: a store's code runs unspecialised for an
  // interactor of another module, and a function that can build an event looks up the event's type on
  // entry, whether or not anyone observes. Called only when someone does.

  @inline(never)
  func emitSent(_ record: ActionRecord<I>) {
    emit(.actionSent(record.action, task: record.number, sender: record.sender))
  }

  /// Returns when the handler started, for the duration the end reports.
  @inline(never)
  func emitStarted(_ record: ActionRecord<I>) -> ContinuousClock.Instant {
    let now = ContinuousClock.now
    emit(.actionStarted(record.action, task: record.number))
    return now
  }

  @inline(never)
  func emitCancelled(_ record: ActionRecord<I>, reason: CancellationReason) {
    emit(.actionCancelled(record.action, task: record.number, reason: reason))
  }

  @inline(never)
  func emitFinished(_ record: ActionRecord<I>, startedAt: ContinuousClock.Instant?) {
    let duration = startedAt.map { ContinuousClock.now - $0 }
    emit(.actionFinished(record.action, task: record.number, outcome: record.endingOutcome, duration: duration))
  }
}
