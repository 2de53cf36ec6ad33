@testable import Actuate
import ActuateTesting
import Testing

/// Signals when the last copy of the interactor holding it is released, that is when its store is gone.
final class Canary: Sendable {
  private let gone: AsyncStream<Void>.Continuation
  init(_ gone: AsyncStream<Void>.Continuation) { self.gone = gone }
  deinit { gone.yield() }
}

/// Sleeps in every handler and waits on a hook that never yields.
struct Sleeper: Interactor {
  typealias State = Int
  enum Action: Sendable { case sleep }
  enum Hook: CaseIterable, Sendable { case waiting }

  let canary: Canary
  let never: AsyncStream<Int>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    try? await store.sleep(for: .seconds(3600))
    store.state += 1
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .assign(never, to: \.self)
  }
}

@Suite("Lifetime")
struct LifetimeTests {
  @Test(.timeLimit(.minutes(1)))
  func droppingTheLastReferenceEndsEveryTaskAndReleasesTheStore() async {
    let (gone, goneInput) = AsyncStream<Void>.makeStream()
    let (never, neverInput) = AsyncStream<Int>.makeStream()
    let clock = TestClock()
    weak var weakActor: StoreActor<Sleeper>?
    var tasks: [ActionTask] = []
    do {
      let store = Store(initialState: 0, interactor: Sleeper(canary: Canary(goneInput), never: never), clock: clock)
      weakActor = store.actor
      for _ in 0..<5 { tasks.append(store.send(.sleep)) }
      await store.settleIntake()
      #expect(clock.sleeperCount == 5)
    }
    for task in tasks { #expect(await task.finish() == .cancelled(.storeStopped)) }
    var iterator = gone.makeAsyncIterator()
    await iterator.next()
    #expect(weakActor == nil)
    #expect(clock.sleeperCount == 0)
    // The handles outlived their store: cancelling one now reaches nothing and changes nothing.
    for task in tasks { task.cancel() }
    for task in tasks { #expect(task.outcome == .cancelled(.storeStopped)) }
    _ = neverInput
  }

  @Test func stopCancelsEverythingAndRejectsLaterSends() async {
    let warnings = Warnings()
    await warnings.collect {
      let clock = TestClock()
      let (store, log) = Store.observed(state: .init(), interactor: CounterInteractor(), clock: clock)
      let running = store.send(.keyed("a", .serial))
      let queued = store.send(.keyed("b", .serial))
      await store.settleIntake()
      store.stop()
      store.stop()
      #expect(await running.finish() == .cancelled(.storeStopped))
      #expect(await queued.finish() == .cancelled(.storeStopped))
      let late = store.send(.increment)
      #expect(late.outcome == .rejected)
      #expect(await late.finish() == .rejected)
      #expect(await store.state.count == 0)
      #expect(log.lines.filter { $0 == "stopped" }.count == 1)
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID) has stopped, so .increment was not handled. Send only while you hold the store and before you call stop()."
        ])
    }
  }

  @Test func actionsSentBeforeStopThatHaveNotStartedAreCancelled() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    await store.settleIntake()
    // Nothing takes the intake between these lines: the increment never starts.
    let task = store.send(.increment)
    store.stop()
    #expect(await task.finish() == .cancelled(.storeStopped))
    #expect(await store.state.count == 0)
  }
}
