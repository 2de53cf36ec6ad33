@testable import Actuate
import ActuateTesting
import Testing

@Suite("sendAndWait")
struct SendAndWaitTests {
  @Test func earlierSendsFromTheSameTaskAreHandledFirst() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    store.send(.append("a"))
    store.send(.append("b"))
    #expect(await store.sendAndWait(.append("c")) == .completed)
    // No settling: the awaited send took everything sent before it.
    #expect(await store.state.log == ["a", "b", "c"])
  }

  @Test func sendsInterleavedWithAwaitedOnesKeepTheirOrder() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    for round in 0..<100 {
      store.send(.append("sent \(round)"))
      await store.sendAndWait(.append("awaited \(round)"))
    }
    let expected = (0..<100).flatMap { ["sent \($0)", "awaited \($0)"] }
    #expect(await store.state.log == expected)
  }

  @Test func itWaitsForAHandlerThatSuspends() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    async let outcome = store.sendAndWait(.sleep(.seconds(1), "a"))
    await waitForLog(of: store, toContain: "start a")
    await clock.advance(by: .seconds(1))
    #expect(await outcome == .completed)
    #expect(await store.state.log == ["start a", "end a"])
  }

  @Test func itReportsTheCancellationOfItsAction() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    async let outcome = store.sendAndWait(.keyed("a", .concurrent))
    await waitForLog(of: store, toContain: "start a")
    store.cancel(id: "work")
    #expect(await outcome == .cancelled(.explicit))
    #expect(await store.state.log == ["start a"])
  }

  @Test func cancellingTheCallerDoesNotCancelTheAction() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    let caller = Task { await store.sendAndWait(.keyed("a", .concurrent)) }
    await waitForLog(of: store, toContain: "start a")
    caller.cancel()
    await clock.advance(by: .seconds(1))
    #expect(await caller.value == .completed)
    #expect(await store.state.log == ["start a", "end a"])
  }

  @Test func anAlreadyCancelledCallerStillHasItsActionsWritesApplied() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await store.sendAndWait(.increment)
    }
    #expect(await caller.value == .completed)
    #expect(await store.state.count == 1)
  }

  // A sendAndWait that finds the intake idle takes its action on the store without queueing it. What is
  // sent after it and before the store takes it still comes after it, in one batch: the tests below step
  // through that path by hand, so the order is certain.

  @Test func anActionTakenFirstRunsAheadOfWhatWasSentAfterIt() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    await store.settleIntake()
    let actor = store.actor
    let (record, next) = actor.intake.enqueueTakingFirst(.append("first"), owner: actor)
    #expect(next == .first)
    store.send(.append("second"))
    #expect(await actor.takeIntake(next, for: record) == .completed)
    #expect(await store.state.log == ["first", "second"])
  }

  @Test func aCancelSentAfterAnActionTakenFirstStopsItBeforeItStarts() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    await store.settleIntake()
    let actor = store.actor
    let (record, next) = actor.intake.enqueueTakingFirst(.keyed("a", .concurrent), owner: actor)
    #expect(next == .first)
    store.cancel(id: "work")
    #expect(await actor.takeIntake(next, for: record) == .cancelled(.explicit))
    #expect(await store.state.log == [])
  }

  @Test func aStopSentAfterAnActionTakenFirstStopsItBeforeItStarts() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    await store.settleIntake()
    let actor = store.actor
    let (record, next) = actor.intake.enqueueTakingFirst(.increment, owner: actor)
    #expect(next == .first)
    store.stop()
    #expect(await actor.takeIntake(next, for: record) == .cancelled(.storeStopped))
    #expect(await store.state.count == 0)
  }

  @Test func afterStopTheActionIsRejectedWithAWarning() async {
    let warnings = Warnings()
    await warnings.collect {
      let store = Store(initialState: .init(), interactor: CounterInteractor())
      store.stop()
      #expect(await store.sendAndWait(.increment) == .rejected)
      #expect(await store.state.count == 0)
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID) has stopped, so .increment was not handled. Send only while you hold the store and before you call stop()."
        ])
    }
  }

  @Test func observersSeeTheSameEventsAsForAnAwaitedSend() async {
    let (awaited, awaitedLog) = Store.observed(state: .init(), interactor: CounterInteractor())
    let (finished, finishedLog) = Store.observed(state: .init(), interactor: CounterInteractor())
    for action in [CounterInteractor.Action.increment, .sendThree, .add(2)] {
      await awaited.sendAndWait(action)
      await finished.send(action).finish()
    }
    await awaited.settleIntake()
    await finished.settleIntake()
    #expect(awaitedLog.lines == finishedLog.lines)
    #expect(await awaited.state == finished.state)
  }

  @Test func policiesStillApply() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    let first = store.send(.keyed("a", .dropNew))
    #expect(await store.sendAndWait(.keyed("b", .dropNew)) == .cancelled(.alreadyRunning))
    await clock.advance(by: .seconds(1))
    #expect(await first.finish() == .completed)
  }

  /// Waits, without sleeping, until the store's log holds `entry`.
  private func waitForLog(of store: Store<CounterInteractor>, toContain entry: String) async {
    for await log in store.values(\.log) where log.contains(entry) { return }
  }
}
