import Actuate
import ActuateTesting
import Testing

@testable import Timer

@Suite("Timer example")
struct TimerTests {
  @Test func aRunningStopwatchCountsEachTick() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: StopwatchInteractor(resolution: .seconds(1)), clock: clock)
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(3))
    await store.step { $0.elapsed = .seconds(1) }
    await store.step { $0.elapsed = .seconds(2) }
    await store.step { $0.elapsed = .seconds(3) }
    await store.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(5))  // stopped: ticks change nothing, so there is nothing to assert
    await store.finish()
  }

  @Test func aStoppedStopwatchIgnoresTicks() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: StopwatchInteractor(resolution: .seconds(1)), clock: clock)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func startingAgainCarriesOnAndResetStartsOver() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(elapsed: .seconds(10)), interactor: StopwatchInteractor(resolution: .seconds(1)), clock: clock
    )
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.step { $0.elapsed = .seconds(11) }
    await store.send(.reset) { $0.elapsed = .zero }
    await clock.advance(by: .seconds(1))
    await store.step { $0.elapsed = .seconds(1) }
    await store.send(.stop) { $0.isRunning = false }
    await store.finish()
  }
}
