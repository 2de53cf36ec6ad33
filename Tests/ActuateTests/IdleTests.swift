import Actuate
import ActuateTesting
import Testing

/// A feature for `Store.waitUntilIdle()`: work that sleeps on the store's clock, work that waits on the
/// test, and a hook on the store's own state.
private struct IdleInteractor: Interactor {
  struct State: Equatable, Sendable {
    var isLoading = false
    var query = ""
    var searched: [String] = []
  }

  enum Action: Equatable, Sendable {
    case load
    case nap
    case queryChanged(String)
    case search(String)
  }

  enum Hook: CaseIterable, Sendable {
    case queryTyped
  }

  let dependency: @Sendable () async -> Void

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .load:
      store.isLoading = true
      await dependency()
      store.isLoading = false
    case .nap:
      try? await store.sleep(for: .seconds(3600))
    case .queryChanged(let query):
      store.query = query
    case .search(let query):
      store.searched.append(query)
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .send(store.values(\.query).dropFirst()) { .search($0) }
  }
}

@Suite("Store: waiting until idle")
struct IdleTests {
  @Test(.timeLimit(.minutes(1)))
  func aStoreIsIdleOnceItsHandlerSleepsOnATestClock() async {
    let clock = TestClock()
    // The dependency's sleep is registered a hop after the send: the wait covers it.
    let store = Store(
      initialState: .init(), interactor: IdleInteractor(dependency: { try? await clock.sleep(for: .seconds(1)) }),
      clock: clock, debug: .off)
    store.send(.load)
    await store.waitUntilIdle()
    #expect(await store.state.isLoading)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))  // waits for the woken task to end
    #expect(await store.state.isLoading == false)
  }

  @Test(.timeLimit(.minutes(1)))
  func aHandlerSleepingOnARealClockCountsAsIdle() async {
    let store = Store(initialState: .init(), interactor: IdleInteractor(dependency: {}), debug: .off)
    let nap = store.send(.nap)
    await store.waitUntilIdle()  // does not wait out the hour
    #expect(nap.outcome == nil)
    store.stop()
  }

  @Test(.timeLimit(.minutes(1)))
  func itWaitsForHooksToReactAndForWhatTheySend() async {
    let store = Store(initialState: .init(), interactor: IdleInteractor(dependency: {}), debug: .off)
    for query in ["a", "ab", "abc"] { store.send(.queryChanged(query)) }
    await store.waitUntilIdle()
    #expect(await store.state.searched == ["a", "ab", "abc"])
  }

  @Test(.timeLimit(.minutes(1)))
  func itWaitsForAHandlerThatAwaitsSomethingElse() async {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = Store(
      initialState: .init(), interactor: IdleInteractor(dependency: { for await _ in gate { return } }), debug: .off)
    store.send(.load)
    let waiter = Task { await store.waitUntilIdle() }
    #expect(await store.state.isLoading)
    open.yield()
    await waiter.value
    #expect(await store.state.isLoading == false)
  }

  @Test(.timeLimit(.minutes(1)))
  func cancellingTheWaitingTaskEndsTheWait() async {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = Store(
      initialState: .init(), interactor: IdleInteractor(dependency: { for await _ in gate { return } }), debug: .off)
    store.send(.load)
    let waiter = Task { await store.waitUntilIdle() }
    waiter.cancel()
    await waiter.value  // returns although the handler still runs
    #expect(await store.state.isLoading)
    open.finish()
  }
}
