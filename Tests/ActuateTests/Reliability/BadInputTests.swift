@testable import Actuate
import ActuateTesting
import Testing

private struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// A sequence that tells the test when it is asked for an element, then ends or throws. It runs on the
/// caller's executor (the store's, in a hook), so the hook's reaction follows in the same stretch.
private struct SignallingSequence: AsyncSequence, Sendable {
  typealias Element = Int
  let elements: [Int]
  let failure: Boom?
  let asked: Countdown

  struct AsyncIterator: AsyncIteratorProtocol {
    var remaining: [Int]
    let failure: Boom?
    let asked: Countdown

    mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Int? {
      asked.increment()
      if !remaining.isEmpty { return remaining.removeFirst() }
      if let failure { throw failure }
      return nil
    }

    mutating func next() async throws -> Int? { try await next(isolation: nil) }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: elements, failure: failure, asked: asked) }
}

private struct HookInteractor: Interactor {
  typealias State = [Int]
  enum Action: Sendable, Equatable { case append(Int) }
  enum Hook: CaseIterable, Sendable { case feed }

  let feed: SignallingSequence

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .append(let value): store.state.append(value)
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .send(feed) { .append($0) }
  }
}

/// A handler that waits at a gate and ignores cancellation, as code that awaits something uncancellable does.
private struct StubbornInteractor: Interactor {
  struct State: Equatable, Sendable { var writes = 0 }
  enum Action: Sendable, Equatable { case wait }

  let gate: Gate
  let token: AnyObject & Sendable

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    await gate.wait()
    store.writes += 1
  }
}

private final class Token: Sendable {}

private struct ZeroDebounceInteractor: Interactor {
  typealias State = [Int]
  enum Action: Sendable, Equatable {
    case burst(Int)
    case mark(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .burst(let count):
      for index in 0..<count - 1 { store.send(.mark(index)) }
      // Waiting here is the only way to know the last one ran: see the test.
      await store.send(.mark(count - 1)).finish()
    case .mark(let value):
      store.state.append(value)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .burst: .concurrent
    case .mark: .debounce(id: "zero", for: .zero)
    }
  }
}

@Suite("Reliability: bad inputs", .timeLimit(.minutes(1)))
struct BadInputTests {
  typealias Key = ActionPolicy.Key

  @Test func aSendToAStoppedStoreIsRejectedWithOneLineNamingTheStoreAndTheAction() async {
    let warnings = Warnings()
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    let before = [store.send(.add(2)), store.send(.keyed("a", .serial)), store.send(.keyed("b", .serial))]
    await store.settleIntake()
    store.stop()
    let late = await warnings.collect { store.send(.append("late")) }

    #expect(late.outcome == .rejected)
    #expect(await late.finish() == .rejected)
    #expect(warnings.all.count == 1)
    let line = warnings.all.first ?? ""
    #expect(!line.contains("\n"))
    #expect(line.contains("\(store.storeID)"))
    #expect(line.contains(#".append("late")"#))
    // Nothing sent before the stop is lost: each ended, and says how.
    #expect(await before[0].finish() == .completed)
    #expect(await before[1].finish() == .cancelled(.storeStopped))
    #expect(await before[2].finish() == .cancelled(.storeStopped))
    #expect(await store.state.count == 2)
    #expect(await store.state.log == ["start a"])
  }

  @Test func aSendFromAHookAfterTheStoreStoppedIsDroppedNotWarnedAbout() async {
    let warnings = Warnings()
    let store = await warnings.collect { Store(initialState: .init(), interactor: CounterInteractor()) }
    store.stop()
    store.stop()
    await store.settleIntake()
    #expect(await store.actor.hasStopped)
    #expect(warnings.all.isEmpty)
  }

  @Test func aHookWhoseSequenceThrowsIsReportedAndTheStoreRunsOn() async {
    let warnings = Warnings()
    let asked = Countdown()
    let store = await warnings.collect {
      Store(
        initialState: [],
        interactor: HookInteractor(feed: SignallingSequence(elements: [1], failure: Boom(), asked: asked)))
    }
    await asked.wait(until: 2)
    // The hook threw in a stretch on the store; this call is taken after that stretch.
    await store.settleIntake()
    #expect(warnings.all.count == 1)
    let line = warnings.all.first ?? ""
    #expect(line.contains("\(store.storeID)"))
    #expect(line.contains(".feed"))
    #expect(line.contains("boom"))
    #expect(!line.contains("\n"))
    #expect(await store.send(.append(2)).finish() == .completed)
    #expect(await store.state == [1, 2])
  }

  @Test func aHookWhoseSequenceEndsAtOnceEndsQuietly() async {
    let warnings = Warnings()
    let asked = Countdown()
    let (store, log) = await warnings.collect {
      Store.observed(
        state: [], interactor: HookInteractor(feed: SignallingSequence(elements: [], failure: nil, asked: asked)))
    }
    await asked.wait(until: 1)
    await store.settleIntake()
    #expect(warnings.all.isEmpty)
    #expect(log.lines.contains("hook feed finished"))
    #expect(await store.send(.append(1)).finish() == .completed)
    #expect(await store.state == [1])
  }

  /// `stop()` marks the task cancelled at once, but the task ends only when its handler returns, so
  /// `finish()` waits and the handler keeps the store's actor alive. Its later writes are dropped, and once
  /// the grace period has passed a warning says which handler ignores cancellation.
  @Test func aHandlerThatNeverReturnsKeepsItsTaskOpenAndTheStoreAliveUntilItDoes() async {
    let warnings = Warnings()
    let warned = AsyncStream<Void>.makeStream()
    await Diagnostics.$stopGrace.withValue(.milliseconds(10)) {
      await Diagnostics.$handler.withValue({ line in
        warnings.record(line)
        warned.continuation.yield()
      }) {
        await neverReturning(warned: warned.stream, warnings: warnings)
      }
    }
  }

  private func neverReturning(warned: AsyncStream<Void>, warnings: Warnings) async {
    let gate = Gate()
    var store: Store<StubbornInteractor>? = Store(
      initialState: .init(), interactor: StubbornInteractor(gate: gate, token: Token()))
    let task = store!.send(.wait)
    await gate.arrived.wait(until: 1)
    let actor = WeakBox(object: store!.actor)
    store!.stop()
    await store!.settleIntake()
    store = nil

    #expect(task.record.cancelReason == .storeStopped)
    #expect(task.outcome == nil)
    #expect(actor.object != nil)
    var iterator = warned.makeAsyncIterator()
    await iterator.next()
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.contains(
        "is still running: it ignores cancellation, and keeps the store alive until it returns.") == true)
    #expect(warnings.all.first?.contains("the handler of .wait") == true)

    gate.open()
    #expect(await task.finish() == .cancelled(.storeStopped))
    #expect(await actor.object?.state.writes ?? 0 == 0)
  }

  @Test func cancellingAnIDOrATaskTwiceCancelsOnceAndKeepsTheFirstReason() async {
    let warnings = Warnings()
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: CounterInteractor(), clock: clock)
    await warnings.collect {
      let running = store.send(.keyed("a", .serial))
      let queued = store.send(.keyed("b", .serial))
      let other = store.send(.keyed("c", .concurrent))
      await store.settleIntake()  // all taken: cancelling now cancels what runs or waits
      other.cancel()
      other.cancel()
      store.cancel(id: "work")
      store.cancel(id: "work")
      #expect(await running.finish() == .cancelled(.explicit))
      #expect(await queued.finish() == .cancelled(.explicit))
      #expect(await other.finish() == .cancelled(.explicit))
      // Cancelling what has ended changes nothing.
      let done = store.send(.increment)
      #expect(await done.finish() == .completed)
      done.cancel()
      store.cancel(id: "work")
      await store.settleIntake()
      #expect(done.outcome == .completed)
    }
    #expect(warnings.all.isEmpty)
    #expect(log.lines.filter { $0.hasPrefix("cancelled") }.count == 3)
    #expect(await store.state.log == ["start a", "start c"])
  }

  /// A zero debounce starts its handler after a `Task.yield()`, which resumes through the global executor:
  /// nothing a test can await on the store or the clock orders it, so this test waits on `finish()` alone.
  /// The burst is sent from one handler stretch, so that the store takes it in one drain.
  @Test func aDebounceOfZeroRunsOnlyTheLastOfABurst() async {
    let (store, log) = Store.observed(state: [], interactor: ZeroDebounceInteractor())
    #expect(await store.send(.burst(5)).finish() == .completed)
    #expect(await store.state == [4])
    #expect(log.lines.filter { $0.hasPrefix("cancelled") } == (0..<4).map { "cancelled mark(\($0)) (debounced)" })
  }
}
