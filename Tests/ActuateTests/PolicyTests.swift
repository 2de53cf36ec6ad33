@testable import Actuate
import ActuateTesting
import Testing

@Suite("Policies")
struct PolicyTests {
  typealias Key = ActionPolicy.Key

  /// A store on a test clock, with an event log.
  private func makeStore() -> (Store<CounterInteractor>, EventLog<CounterInteractor>, TestClock) {
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: CounterInteractor(), clock: clock)
    return (store, log, clock)
  }

  @Test func concurrentActionsRunSideBySide() async {
    let (store, _, clock) = makeStore()
    let first = store.send(.keyed("a", .concurrent))
    let second = store.send(.keyed("b", .concurrent))
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "start b"])
    await clock.advance(by: .seconds(1))
    #expect(await first.finish() == .completed)
    #expect(await second.finish() == .completed)
    #expect(Set(await store.state.log.suffix(2)) == ["end a", "end b"])
  }

  @Test func cancelPreviousLetsTheNewestWin() async {
    let (store, log, clock) = makeStore()
    let first = store.send(.keyed("a", .cancelPrevious))
    await store.settleIntake()  // started, so the newest cancels it while it runs
    let second = store.send(.keyed("b", .cancelPrevious))
    #expect(await first.finish() == .cancelled(.superseded))
    await clock.advance(by: .seconds(1))
    #expect(await second.finish() == .completed)
    #expect(await store.state.log == ["start a", "start b", "end b"])
    #expect(log.lines.contains { $0.hasPrefix("cancelled keyed(\"a\"") && $0.hasSuffix("(superseded)") })
  }

  @Test func dropNewLetsTheOldestWin() async {
    let (store, _, clock) = makeStore()
    let first = store.send(.keyed("a", .dropNew))
    let second = store.send(.keyed("b", .dropNew))
    #expect(await second.finish() == .cancelled(.alreadyRunning))
    await clock.advance(by: .seconds(1))
    #expect(await first.finish() == .completed)
    // Once the group is idle, a new action runs again.
    let third = store.send(.keyed("c", .dropNew))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await third.finish() == .completed)
    #expect(await store.state.log == ["start a", "end a", "start c", "end c"])
  }

  @Test func serialRunsOneAtATimeInOrder() async {
    let (store, _, clock) = makeStore()
    let tasks = ["a", "b", "c"].map { store.send(.keyed($0, .serial)) }
    await store.settleIntake()
    #expect(await store.state.log == ["start a"])
    await clock.advance(by: .seconds(1))
    #expect(await tasks[0].finish() == .completed)
    #expect(await store.state.log == ["start a", "end a", "start b"])
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    #expect(await tasks[2].finish() == .completed)
    #expect(await store.state.log == ["start a", "end a", "start b", "end b", "start c", "end c"])
  }

  @Test func debounceRunsOnlyTheLastAfterAQuietPeriod() async {
    let (store, _, clock) = makeStore()
    let tasks = ["a", "b", "c"].map { store.send(.keyed($0, .debounce(.milliseconds(300)))) }
    await store.settleIntake()
    #expect(await tasks[0].finish() == .cancelled(.debounced))
    #expect(await tasks[1].finish() == .cancelled(.debounced))
    await clock.advance(by: .milliseconds(299))
    #expect(tasks[2].outcome == nil)
    #expect(await store.state.log == [])
    await clock.advance(by: .milliseconds(1))
    await clock.advance(by: .seconds(1))
    #expect(await tasks[2].finish() == .completed)
    #expect(await store.state.log == ["start c", "end c"])
  }

  @Test func aDebounceOfZeroStillCancelsTheEarlierAction() async {
    let (store, _, clock) = makeStore()
    let first = store.send(.keyed("a", .debounce(.zero)))
    let second = store.send(.keyed("b", .debounce(.zero)))
    #expect(await first.finish() == .cancelled(.debounced))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await second.finish() == .completed)
    #expect(await store.state.log == ["start b", "end b"])
  }

  @Test func throttleLatestRunsTheFirstAndThenTheNewestPerWindow() async {
    let (store, _, clock) = makeStore()
    let policy = Key.throttle(.milliseconds(500), latest: true)
    let first = store.send(.keyed("a", policy))
    let second = store.send(.keyed("b", policy))
    let third = store.send(.keyed("c", policy))
    await store.settleIntake()
    #expect(await second.finish() == .cancelled(.throttled))
    #expect(await store.state.log == ["start a"])
    await clock.advance(by: .milliseconds(500))  // the window closes: c starts
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "start c"])
    await clock.advance(by: .milliseconds(500))  // a ends (1 s), the next window closes empty
    await clock.advance(by: .milliseconds(500))  // c ends
    #expect(await first.finish() == .completed)
    #expect(await third.finish() == .completed)
  }

  /// The window's timer is a task of the store's own: the advance that wakes it waits for it, so the latest
  /// action it starts has slept (and here, within the same advance, ended) before the advance returns. Busy
  /// tasks keep the executor's threads occupied, as on a loaded machine, where yielding a few times was not
  /// enough for the timer to run.
  @Test func theAdvanceThatClosesAThrottleWindowRunsItsLatestAction() async {
    let noise = (0..<2).map { _ in
      Task.detached {
        while !Task.isCancelled {
          let until = ContinuousClock.now.advanced(by: .microseconds(300))
          while ContinuousClock.now < until {}  // holds its thread, as other work on a busy machine does
          await Task.yield()
        }
      }
    }
    defer { for task in noise { task.cancel() } }
    for _ in 0..<100 {
      let (store, _, clock) = makeStore()
      let policy = Key.throttle(.milliseconds(500), latest: true)
      let first = store.send(.keyed("a", policy))
      let latest = store.send(.keyed("b", policy))
      await store.settleIntake()
      await clock.advance(by: .milliseconds(1_500))  // b starts at 500 ms, when the window closes, and ends at 1.5 s
      #expect(first.outcome == .completed)
      #expect(latest.outcome == .completed)
      #expect(await store.state.log == ["start a", "start b", "end a", "end b"])
      store.stop()
    }
  }

  @Test func throttleFirstDropsEverythingInTheWindow() async {
    let (store, _, clock) = makeStore()
    let policy = Key.throttle(.milliseconds(500), latest: false)
    let first = store.send(.keyed("a", policy))
    let second = store.send(.keyed("b", policy))
    #expect(await second.finish() == .cancelled(.throttled))
    await clock.advance(by: .milliseconds(500))
    let third = store.send(.keyed("c", policy))
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "start c"])
    await clock.advance(by: .seconds(1))
    #expect(await first.finish() == .completed)
    #expect(await third.finish() == .completed)
  }

  @Test func cancelByIDCancelsRunningQueuedAndDebouncedWork() async {
    let (store, _, clock) = makeStore()
    let running = store.send(.keyed("a", .serial))
    let queued = store.send(.keyed("b", .serial))
    await store.settleIntake()  // one runs, one waits its turn
    store.cancel(id: "work")
    #expect(await running.finish() == .cancelled(.explicit))
    #expect(await queued.finish() == .cancelled(.explicit))
    let debounced = store.send(.keyed("c", .debounce(.seconds(1))))
    await store.settleIntake()
    store.cancel(id: "work")
    #expect(await debounced.finish() == .cancelled(.explicit))
    await clock.run()
    #expect(await store.state.log == ["start a"])
  }

  @Test func cancellingAnUnknownIDOrTwiceDoesNothing() async {
    let (store, _, _) = makeStore()
    store.cancel(id: "nothing here")
    store.cancel(id: "nothing here")
    #expect(await store.send(.increment).finish() == .completed)
    #expect(await store.state.count == 1)
  }

  @Test func theIncomingPolicyDecidesWhenKindsShareAnID() async {
    let (store, _, clock) = makeStore()
    // A serial task runs under "work"; a cancel-previous action under the same id cancels it …
    let serial = store.send(.keyed("a", .serial))
    await store.settleIntake()
    let newest = store.send(.keyed("b", .cancelPrevious))
    #expect(await serial.finish() == .cancelled(.superseded))
    // … a drop-new action is dropped while it runs …
    let dropped = store.send(.keyed("c", .dropNew))
    #expect(await dropped.finish() == .cancelled(.alreadyRunning))
    // … and a serial action waits for it.
    let waiting = store.send(.keyed("d", .serial))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await newest.finish() == .completed)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await waiting.finish() == .completed)
    #expect(await store.state.log == ["start a", "start b", "end b", "start d", "end d"])
  }

  @Test func cancellableActionsCancelThePreviousWithTheSameIdentifier() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CancellableInteractor(), clock: clock)
    let first = store.send(.load("a"))
    let second = store.send(.load("b"))
    let other = store.send(.unrelated)
    #expect(await first.finish() == .cancelled(.superseded))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await second.finish() == .completed)
    #expect(await other.finish() == .completed)
    #expect(await store.state == ["unrelated", "b"])
  }
}

/// An interactor whose actions carry their own cancel identifiers.
struct CancellableInteractor: Interactor {
  enum Action: CancellableAction, Equatable {
    case load(String)
    case unrelated

    var cancelID: (any Hashable & Sendable)? {
      switch self {
      case .load: LoadID()
      case .unrelated: nil
      }
    }
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .load(let value):
      try? await store.sleep(for: .seconds(1))
      if !Task.isCancelled { store.state.append(value) }
    case .unrelated:
      store.state.append("unrelated")
    }
  }

  private struct LoadID: Hashable {}
}

extension CancellableInteractor {
  typealias State = [String]
}
