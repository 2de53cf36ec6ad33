@testable import Actuate
import ActuateTesting
import Testing

/// `stop()`: the change made before it reaches everyone, "stopped" is the last entry, and nothing lands after.
@Suite("Stop")
struct StopTests {
  @Test func theChangeOfTheStretchThatStopsReachesEverySubscriberBeforeItEnds() async {
    let clock = TestClock()
    let stopper = Stopper()
    let (store, log) = Store.observed(state: .init(), interactor: Downloader(stopper: stopper), clock: clock)
    stopper.attach { [weak store] in store?.stop() }
    let counts = store.values(\.count)
    let states = store.states
    let task = store.send(.writeThenStop)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await task.finish() == .completed)
    var seenCounts: [Int] = []
    for await count in counts { seenCounts.append(count) }
    var lastState: Downloader.State?
    for await state in states { lastState = state }
    #expect(seenCounts.last == 1)
    #expect(lastState?.count == 1)
    #expect(await store.state.count == 1)
    #expect(log.lines.suffix(3) == ["changed by writeThenStop", "finished writeThenStop: completed", "stopped"])
  }

  @Test func aDebugLogEndsWithStoppedAfterTheLastChange() async {
    let clock = TestClock()
    let stopper = Stopper()
    let lines = Locked<[String]>([])
    let store = Store(
      initialState: .init(), interactor: Downloader(stopper: stopper), clock: clock,
      debug: .using(DebugLog(.custom { line in lines.withLock { $0.append(line) } })))
    stopper.attach { [weak store] in store?.stop() }
    store.send(.writeThenStop)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    await store.flushDebugLog()
    let all = lines.withLock { $0 }
    #expect(all.last?.hasSuffix("stopped") == true)
    let change = all.lastIndex { $0.contains("state changed by .writeThenStop") }
    #expect(change != nil && change! < all.count - 1)
  }

  @Test func aTaskAHandlerStartedCannotWriteOrSendAfterItsActionWasCancelled() async {
    let gate = Gate()
    let (store, log) = Store.observed(state: .init(), interactor: Downloader(gate: gate))
    #expect(await store.sendAndWait(.startTaskThatWritesLater) == .completed)
    await gate.arrived.wait(until: 1)
    // The action has finished, so there is nothing to cancel under its id: the task it left behind is
    // not cancelled by this, and its write lands.
    store.cancel(id: "later")
    await store.settleIntake()
    gate.open()
    let report = await waitForCount(store, atLeast: 100)
    #expect(report == 100)
    #expect(!log.lines.contains { $0.hasPrefix("dropped") })
  }

  @Test func aTaskAHandlerStartedIsStoppedWithTheStore() async {
    let warnings = Warnings()
    await warnings.collect {
      let gate = Gate()
      let written = Countdown()
      let (store, log) = Store.observed(state: .init(), interactor: Downloader(gate: gate, written: written))
      #expect(await store.sendAndWait(.startTaskThatWritesLater) == .completed)
      await gate.arrived.wait(until: 1)
      store.stop()
      await store.settleIntake()
      gate.open()
      await written.wait(until: 1)
      #expect(await store.state.count == 0)
      #expect(log.lines.last == "stopped")
      // The task's send comes after the stop: the store refuses it, with a warning.
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID) has stopped, so .report was not handled. Send only while you hold the store and before you call stop()."
        ])
    }
  }

  @Test func aHandlerThatIgnoresCancellationCannotWriteAfterTheStop() async {
    let gate = Gate()
    let (store, log) = Store.observed(state: .init(), interactor: LateWriter(gate: gate))
    let task = store.send(.work)
    await gate.arrived.wait(until: 1)
    store.stop()
    await store.settleIntake()
    gate.open()
    #expect(await task.finish() == .cancelled(.storeStopped))
    #expect(await store.state == 0)
    #expect(log.lines.last == "stopped")
  }

  @Test func aTaskAHandlerStartedCannotWriteForACancelledAction() async {
    let gate = Gate()
    let written = Countdown()
    let (store, log) = Store.observed(state: .init(), interactor: SpawningWriter(gate: gate, written: written))
    let task = store.send(.work)
    await gate.arrived.wait(until: 1)
    store.cancel(id: "work")
    await store.settleIntake()
    gate.open()
    await written.wait(until: 1)
    #expect(await task.finish() == .cancelled(.explicit))
    #expect(await store.state == 0)
    #expect(
      log.lines.filter { $0.hasPrefix("dropped") } == ["dropped write state by work", "dropped send report by work"])
  }

  /// Waits, without sleeping, until the store's count reaches `target`.
  private func waitForCount(_ store: Store<Downloader>, atLeast target: Int) async -> Int {
    for await count in store.values(\.count) where count >= target { return count }
    return await store.state.count
  }
}

/// A handler that waits at a gate, ignoring cancellation, then writes.
struct LateWriter: Interactor {
  typealias State = Int
  enum Action: Equatable, Sendable { case work }
  let gate: Gate

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    await gate.wait()
    store.state += 1
  }
}

/// A handler that starts a task which waits at a gate, then writes and sends; the handler itself waits too.
struct SpawningWriter: Interactor {
  typealias State = Int
  enum Action: Equatable, Sendable { case work, report }
  let gate: Gate
  let written: Countdown

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    guard action == .work else { return }
    let spawned = Task {
      await gate.wait()
      store.state = 99
      store.send(.report)
      written.increment()
    }
    await spawned.value
  }

  func policy(for action: Action) -> ActionPolicy { .concurrent(id: "work") }
}
