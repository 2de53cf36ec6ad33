extension StoreActor {
  /// Sleeps for `duration` on the store's clock; throws `CancellationError` if the task is cancelled.
  ///
  /// Use this for delays in handlers and hooks, so that tests control them with a `TestClock`.
  public func sleep(for duration: Duration) async throws {
    if let sleeper = clock as? any StoreSleeper {
      try await sleeper.sleep(for: duration, isolation: self)
    } else {
      // A task sleeping on the store's clock leaves the store idle (see `Store.waitUntilIdle()`). A
      // `StoreSleeper` (a test clock) says so itself, for sleeps that bypass the store too.
      let sleeper = TaskContext.current.map(ObjectIdentifier.init)
      if let sleeper { home.deliveries.park(sleeper) }
      defer { if let sleeper { home.deliveries.unpark(sleeper) } }
      try await clock.sleep(for: duration)
    }
  }

  /// Ticks every `interval` on the store's clock, for timers in hooks.
  public nonisolated func timer(every interval: Duration) -> StoreTicks {
    StoreTicks(interval: max(interval, .zero)) { _, duration in try await self.sleep(for: duration) }
  }
}
