@testable import Actuate
import ActuateTesting
import Testing

/// Minimal cases for bugs the reliability tests found in the core; each failed before its fix.
@Suite("Reliability: regressions")
struct RegressionTests {
  /// A burst taken in one drain supersedes task after task, and none of them can wind down before the
  /// drain returns. Each cancel used to visit (and sort) every earlier cancelled task again, so this burst
  /// took hours instead of a moment.
  @Test(.timeLimit(.minutes(1)))
  func aBurstOfSupersedingActionsTakenInOneDrainStaysCheap() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    let tasks = (0..<10_000).map { store.send(.keyed("\($0)", .cancelPrevious)) }
    await store.settleIntake()
    for task in tasks.dropLast() {
      #expect(await task.finish() == .cancelled(.superseded))
    }
    await clock.advance(by: .seconds(1))
    #expect(await tasks.last?.finish() == .completed)
  }

  /// A zero window's timer sleeps on the test clock without suspending, so it closed the window before the
  /// window was registered; the window then stayed open for good and every later action was held back.
  @Test(arguments: [true, false])
  func aThrottleWindowOfZeroNeverHoldsBackTheNextAction(latest: Bool) async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    let first = store.send(.keyed("a", .throttle(.zero, latest: latest)))
    await store.settleIntake()
    let second = store.send(.keyed("b", .throttle(.zero, latest: latest)))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await first.finish() == .completed)
    #expect(second.outcome != nil, "the zero-length window never closed")
    if second.outcome != nil { #expect(await second.finish() == .completed) }
    #expect(await store.actor.scheduler.groups.isEmpty)
  }
}
