/// A clock that can register a sleep on the caller's executor, before suspending.
///
/// `Clock.sleep` always hops to the global executor first, so a test could advance its clock before the
/// sleep is even registered. A store sleeps through this instead when its clock offers it, which makes
/// debounce, throttle and ``StoreActor/sleep(for:)`` exact under a `TestClock`.
package protocol StoreSleeper: Sendable {
  func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws
}

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
}
