import Actuate
@testable import ActuateTesting
import Testing

/// A handler that sleeps again every time it wakes.
struct PollerInteractor: Interactor {
  typealias State = Int
  enum Action: Equatable, Sendable { case poll }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    while !Task.isCancelled {
      try? await store.sleep(for: .seconds(1))
      store.state += 1
    }
  }
}

@Suite("TestClock: run's limit")
struct RunLimitTests {
  @Test(.timeLimit(.minutes(2)))
  func runFailsNamingWhatSleepsAgainEveryTimeItWakes() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0, interactor: PollerInteractor(), clock: clock, exhaustivity: .off)
    let poll = await store.send(.poll)
    let reported = await failures { await clock.run() }
    #expect(
      reported == [
        """
        run() moved the TestClock 10000 times, to 10000.0 seconds, and something still sleeps on it: it sleeps \
        again every time it wakes. Sleeping now:
          • task #1, until 10001.0 seconds
        Advance the clock by as much as the test needs (advance(by:)) instead, or end the loop.
        """
      ])
    #expect(await store.actualState == 10_000)
    poll.cancel()
    #expect(await poll.finish() == .cancelled(.explicit))
    await store.finish()
  }
}

/// A handler that sends a throttled action, then sleeps: the throttle's window opens from its stretch.
struct ThrottleFromAHandlerInteractor: Interactor {
  struct State: Equatable, Sendable {
    var pings = 0
    var isDone = false
  }

  enum Action: Equatable, Sendable {
    case start
    case ping
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .start:
      try? await store.sleep(for: .seconds(1))
      store.send(.ping)  // from a later stretch: the store takes it in a task of its own
      try? await store.sleep(for: .seconds(10))
      store.isDone = true
    case .ping:
      store.pings += 1
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .ping ? .throttle(id: "ping", for: .seconds(1)) : .concurrent
  }
}

@Suite("TestClock: timers under a handler")
struct TimerUnderAHandlerTests {
  @Test(.timeLimit(.minutes(1)))
  func aThrottleWindowClosingWhileItsSenderSleepsDoesNotHoldTheClock() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: ThrottleFromAHandlerInteractor(), clock: clock, timeout: .seconds(60))
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.ping) { $0.pings = 1 }
    let started = ContinuousClock.now
    let reported = await failures { await clock.advance(by: .seconds(1)) }  // the window closes
    #expect(reported.isEmpty)
    #expect(started.duration(to: .now) < .seconds(30))  // decided from facts, not by the timeout
    await clock.advance(by: .seconds(9))
    await store.step { $0.isDone = true }
    await store.finish()
  }
}
