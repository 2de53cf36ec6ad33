import Actuate
@testable import ActuateTesting
import Testing

/// A handler that sleeps on the store's clock, whatever clock the test gives it.
struct NapInteractor: Interactor {
  struct State: Equatable, Sendable {
    var isNapping = false
    var naps = 0
  }

  enum Action: Equatable, Sendable {
    case nap
    case rested
  }

  let nap: Duration

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .nap:
      store.isNapping = true
      try? await store.sleep(for: nap)
      store.isNapping = false
      store.naps += 1
      store.send(.rested)
    case .rested:
      break
    }
  }
}

/// A TestStore on another clock than the TestClock waits for a real sleep, up to its timeout, and never
/// advises moving a TestClock for it.
@Suite("TestStore: on a real clock")
struct RealClockTests {
  @Test(.timeLimit(.minutes(1))) func stepWaitsForARealSleep() async {
    let store = TestStore(
      initialState: .init(), interactor: NapInteractor(nap: .milliseconds(20)), clock: ContinuousClock(),
      timeout: .seconds(30))
    await store.send(.nap) { $0.isNapping = true }
    await store.step {
      $0.isNapping = false
      $0.naps = 1
    }
    await store.receive(.rested)
    await store.finish()
  }

  @Test(.timeLimit(.minutes(1))) func finishWaitsForARealSleep() async {
    let store = TestStore(
      initialState: .init(), interactor: NapInteractor(nap: .milliseconds(20)), clock: ContinuousClock(),
      exhaustivity: .off, timeout: .seconds(30))
    await store.send(.nap)
    await store.finish()
    #expect(await store.actualState.naps == 1)
  }

  @Test(.timeLimit(.minutes(1))) func aSleepLongerThanTheTimeoutIsNamedWithoutTheTestClock() async {
    let store = TestStore(
      initialState: .init(), interactor: NapInteractor(nap: .seconds(60)), clock: ContinuousClock(),
      timeout: .milliseconds(50))
    await store.send(.nap) { $0.isNapping = true }
    let reported = await failures { await store.finish() }
    #expect(reported.count == 1)
    let message = reported.first ?? ""
    #expect(
      message.contains(
        "1 action has not finished after 0.05 seconds at the end of the test:\n  • .nap: waits in real time, on the store's clock or something outside the store"
      ))
    #expect(!message.contains("clock.run()"))
  }

  /// On the TestClock, a receive that nothing can satisfy fails at once: the timeout here is an hour.
  @Test(.timeLimit(.minutes(1))) func aReceiveNothingCanSatisfyFailsAtOnce() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: NapInteractor(nap: .seconds(1)), clock: clock, timeout: .seconds(3600))
    await store.send(.nap) { $0.isNapping = true }
    let reported = await failures { await store.receive(.rested) }
    #expect(
      reported == [
        "The test expected to receive(.rested), but nothing was sent, and nothing more can happen until the test acts (every task has ended or sleeps on the TestClock); advance the clock or send the action that leads to it."
      ])
    await clock.run()
    await store.step {
      $0.isNapping = false
      $0.naps = 1
    }
    await store.receive(.rested)
    await store.finish()
  }
}
