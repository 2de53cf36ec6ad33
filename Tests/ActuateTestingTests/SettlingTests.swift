import Actuate
@testable import ActuateTesting
import Testing

/// A feature whose work waits on what the test chooses: a dependency, a hook that awaits the clock between
/// elements of the store's own state, and a timer hook.
struct WaitingInteractor: Interactor {
  struct State: Equatable, Sendable {
    var isLoading = false
    var ticks = 0
    var query = ""
    var searched: [String] = []
  }

  enum Action: Equatable, Sendable {
    case load
    case tick
    case queryChanged(String)
    case search(String)
  }

  enum Hook: CaseIterable, Sendable {
    case delayedQuery
    case gatedQuery
    case timer
  }

  /// What `.load` and the `.gatedQuery` hook await.
  let dependency: @Sendable () async -> Void
  /// The clock the `.delayedQuery` hook awaits between elements.
  let clock: TestClock

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .load:
      store.isLoading = true
      await dependency()
      store.isLoading = false
    case .tick:
      store.ticks += 1
    case .queryChanged(let query):
      store.query = query
    case .search(let query):
      store.searched.append(query)
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .delayedQuery:
      .send(
        store.values(\.query).dropFirst().map { [clock] query in
          try? await clock.sleep(for: .milliseconds(300))
          return query
        }
      ) { .search($0) }
    case .gatedQuery:
      .send(
        store.values(\.query).dropFirst().map { [dependency] query in
          await dependency()
          return query
        }
      ) { .search($0) }
    case .timer:
      .send(store.timer(every: .milliseconds(300))) { _ in .tick }
    }
  }
}

@Suite("TestStore: settling")
struct SettlingTests {
  /// A TestStore whose dependency waits on a gate the test opens, not on the clock, with a short timeout.
  private static func gatedStore(
    hooks: [WaitingInteractor.Hook], timeout: Duration = .milliseconds(200)
  ) -> (TestStore<WaitingInteractor>, TestClock, AsyncStream<Void>.Continuation) {
    let clock = TestClock()
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = TestStore(
      initialState: .init(),
      interactor: WaitingInteractor(dependency: { for await _ in gate { return } }, clock: clock),
      clock: clock, hooks: hooks, timeout: timeout)
    return (store, clock, open)
  }

  @Test(.timeLimit(.minutes(1)))
  func theClockMovesAtOnceWhileADependencyWaitsOnSomethingElse() async {
    let (store, clock, open) = Self.gatedStore(hooks: [], timeout: .seconds(60))
    await store.send(.load) { $0.isLoading = true }
    let started = ContinuousClock.now
    // No job of the store is runnable, and `.load` does not sleep on the clock: it waits on the gate, which
    // only the test opens. The clock moves without waiting for it.
    let reported = await failures { await clock.advance(by: .seconds(1)) }
    #expect(started.duration(to: .now) < .seconds(30))
    #expect(reported.isEmpty)
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
    open.yield()
    await store.step { $0.isLoading = false }
    await store.finish()
  }

  @Test(.timeLimit(.minutes(1)))
  func finishFailsAtOnceWhenOnlyTheClockCanMoveWhatIsLeft() async {
    let clock = TestClock()
    // A dependency sleeping on the clock itself: its sleep is registered a hop after the send.
    let store = TestStore(
      initialState: .init(),
      interactor: WaitingInteractor(dependency: { try? await clock.sleep(for: .seconds(2)) }, clock: clock),
      clock: clock, hooks: [], timeout: .seconds(60))
    await store.send(.load) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    let started = ContinuousClock.now
    let reported = await failures { await store.finish() }
    // Decided from facts: far less than the minute the timeout would allow.
    #expect(started.duration(to: .now) < .seconds(30))
    #expect(
      reported == [
        """
        1 action has not finished at the end of the test, and only the test can move them:
          • .load: sleeps on the TestClock until 2.0 seconds, 1.5 seconds from now
        Advance the clock (await clock.run()) so they finish, or cancel them, before finish().
        """
      ])
  }

  @Test(.timeLimit(.minutes(1)))
  func finishNamesATaskThatRunsOnWithoutTheClockWhenTheTimeoutFires() async {
    let (store, _, open) = Self.gatedStore(hooks: [])
    await store.send(.load) { $0.isLoading = true }
    let reported = await failures { await store.finish() }
    #expect(
      reported == [
        """
        1 action has not finished after 0.2 seconds at the end of the test:
          • .load: waits on something outside the store, not the TestClock
        A task that runs on without the TestClock waits on something else (a real clock, a network call, a \
        stream the test has not fed): give its dependency the TestClock or a stub that returns at once, or feed \
        or cancel it before finish().
        """
      ])
    open.finish()
  }

  @Test(.timeLimit(.minutes(1)))
  func aHookThatAwaitsTheClockBetweenElementsNeverHangsTheStore() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: WaitingInteractor(dependency: {}, clock: clock), clock: clock,
      hooks: [.delayedQuery])
    await store.send(.queryChanged("tab")) { $0.query = "tab" }  // returns: the hook sleeps on the clock
    await clock.advance(by: .milliseconds(299))
    await store.send(.queryChanged("tabby")) { $0.query = "tabby" }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.search("tab")) { $0.searched = ["tab"] }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search("tabby")) { $0.searched = ["tab", "tabby"] }
    await store.finish()
  }

  @Test(.timeLimit(.minutes(1)))
  func aHookThatAwaitsSomethingElseBetweenElementsIsNamedOnceAndNeverHangsTheStore() async {
    let (store, clock, open) = Self.gatedStore(hooks: [.gatedQuery])
    let reported = await failures {
      await store.send(.queryChanged("a")) { $0.query = "a" }
      await clock.advance(by: .seconds(1))
    }
    #expect(
      reported == [
        """
        During send(.queryChanged("a")), the store did not settle within 0.2 seconds: still reacting to a change, \
        not sleeping on the TestClock:
          • hook .gatedQuery
        A hook that awaits something else between elements (a real clock, a network call) holds up the test. Give \
        it the TestClock, or send an action whose handler does the work.
        """
      ])
    open.yield()
    await store.receive(.search("a")) { $0.searched = ["a"] }
    await store.finish()
  }

  @Test(.timeLimit(.minutes(1)))
  func runSettlesFirstAndStopsAtTheSameInstantEveryTime() async {
    var instants: [TestClock.Instant] = []
    var ticks: [Int] = []
    for _ in 0..<50 {
      let clock = TestClock()
      // The dependency sleeps on the clock directly, a hop after the send; the timer hook ticks on it.
      let store = TestStore(
        initialState: .init(),
        interactor: WaitingInteractor(dependency: { try? await clock.sleep(for: .seconds(1)) }, clock: clock),
        clock: clock, hooks: [.timer], exhaustivity: .off)
      await store.send(.load)
      await clock.run()
      instants.append(clock.now)
      let state = await store.actualState
      #expect(!state.isLoading)
      ticks.append(state.ticks)
      await store.finish()
    }
    #expect(instants == Array(repeating: TestClock.Instant(offset: .seconds(1)), count: 50))
    #expect(ticks == Array(repeating: 3, count: 50))
  }
}

/// A hook over an outside stream that sleeps on the clock before it applies each element.
struct DelayedMessagesInteractor: Interactor {
  struct State: Equatable, Sendable {
    var messages: [String] = []
  }

  enum Action: Equatable, Sendable {
    case noop
  }

  enum Hook: CaseIterable, Sendable {
    case messages
  }

  let messages: AsyncStream<String>
  let clock: TestClock

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(
      messages.map { [clock] message in
        try? await clock.sleep(for: .seconds(1))
        return message
      }
    ) { message, store in store.messages.append(message) }
  }
}

@Suite("TestStore: settling with outside sequences")
struct OutsideSequenceSettlingTests {
  @Test(.timeLimit(.minutes(1)))
  func aHookWokenByTheClockIsSettledOnceItHasItsElement() async {
    let clock = TestClock()
    let (messages, input) = AsyncStream<String>.makeStream()
    let store = TestStore(
      initialState: .init(), interactor: DelayedMessagesInteractor(messages: messages, clock: clock), clock: clock,
      timeout: .milliseconds(200))
    // The hook's sleep comes from an outside element, which no store waits for: wait for the sleep itself.
    let (slept, sleptInput) = AsyncStream<Void>.makeStream()
    let token = clock.addListener { sleptInput.yield() }
    input.yield("hi")
    var sleeps = slept.makeAsyncIterator()
    await sleeps.next()
    clock.removeListener(token)
    // Once the woken hook has its element it waits on the outside stream again, which is settled.
    let reported = await failures { await clock.advance(by: .seconds(1)) }
    #expect(reported.isEmpty)
    await store.step { $0.messages = ["hi"] }
    await store.finish()
  }
}
