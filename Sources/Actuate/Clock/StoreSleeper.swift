/// A clock that can register a sleep on the caller's executor, before suspending.
///
/// `Clock.sleep` always hops to the global executor first, so a test could advance its clock before the
/// sleep is even registered. A store sleeps through this instead when its clock offers it, which makes
/// debounce, throttle and ``StoreActor/sleep(for:)`` exact under a `TestClock`.
package protocol StoreSleeper: Sendable {
  func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws
}
