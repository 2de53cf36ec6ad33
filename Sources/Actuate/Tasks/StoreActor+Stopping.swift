extension StoreActor {
  /// Cancels every task, queued action, throttle window, spacing gap and hook, for good.
  ///
  /// In this order: the change of the stretch that ran before the stop is published (it came first); then
  /// every task is cancelled and the started handlers' cleanups run, each a change of its own; then the
  /// subscribers end with the final state, the log's last entry says "stopped", and the observers are let
  /// go. From then on nothing lands: no write, no change, no event.
  func stopEverything() {
    guard !stretch.isStopped else { return }
    publishChange()
    stretch.isStopped = true
    carryOut(scheduler.stop())
    hooks.cancelAll()
    publishChange()
    if !scheduler.live.isEmpty { watchForHandlersIgnoringCancellation() }
    subscribers.finishAll()
    endChildren()
    if !observers.isEmpty { emit(.stopped) }
    observers = Observers([])
  }

  /// A handler that ignores cancellation keeps running after a stop, and keeps the store alive: say so once
  /// the grace period has passed. The watch holds the store weakly, so a store that winds down in time
  /// goes away without waiting for it.
  private func watchForHandlersIgnoringCancellation() {
    let grace = Diagnostics.stopGrace
    Task { [weak self] in
      try? await Task.sleep(for: grace)
      await self?.warnAboutHandlersStillRunning(after: grace)
    }
  }

  private func warnAboutHandlersStillRunning(after grace: Duration) {
    for record in scheduler.live.values.sorted(by: { $0.number < $1.number }) {
      warnings.warn(
        "\(storeID) stopped \(grace) ago, but the handler of \(describe(actionRecord(record).action)) is still running: it ignores cancellation, and keeps the store alive until it returns. Check Task.isCancelled in it, or await only what throws on cancellation."
      )
    }
  }
}
