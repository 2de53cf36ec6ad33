@testable import Actuate
import ActuateTesting
import Testing

/// Hooks of every kind: outside events, the store's own state, failures.
struct HookedInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var received: [String] = []
    var reachedThree = false
    var mirrored = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case reachedThree
    case received(String)
  }

  enum Hook: CaseIterable, Sendable {
    case events, countWatcher, mirror, failing, finishing
  }

  let events: AsyncStream<String>
  let numbers: AsyncStream<Int>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment: store.count += 1
    case .reachedThree: store.reachedThree = true
    case .received(let text): store.received.append("action " + text)
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .events:
      .forEach(events) { text, store in store.received.append(text) }
    case .countWatcher:
      .send(store.values(\.count)) { $0 == 3 ? .reachedThree : nil }
    case .mirror:
      .assign(numbers, to: \.mirrored)
    case .failing:
      .forEach(Failing()) { _, _ in }
    case .finishing:
      .send(AsyncStream<Action> { $0.finish() })
    }
  }

  struct Failing: AsyncSequence, Sendable {
    struct SocketClosed: Error, CustomStringConvertible {
      var description: String { "the socket closed" }
    }
    struct AsyncIterator: AsyncIteratorProtocol {
      mutating func next() async throws -> Int? { throw SocketClosed() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
  }
}

@Suite("Hooks")
struct HookTests {
  private func makeStore(hooks: [HookedInteractor.Hook]? = nil) -> (
    Store<HookedInteractor>, EventLog<HookedInteractor>, AsyncStream<String>.Continuation, AsyncStream<Int>.Continuation
  ) {
    let (events, eventInput) = AsyncStream<String>.makeStream()
    let (numbers, numberInput) = AsyncStream<Int>.makeStream()
    let (store, log) = Store.observed(
      state: .init(), interactor: HookedInteractor(events: events, numbers: numbers), hooks: hooks)
    return (store, log, eventInput, numberInput)
  }

  @Test func hooksAreRunningBeforeTheFirstActionIsHandled() async {
    let (store, _, _, _) = makeStore(hooks: [.countWatcher])
    // Sent at once: the hook that watches `count` must already be subscribed to see 3.
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    var reached = store.values(\.reachedThree).makeAsyncIterator()
    while await reached.next() == false {}
    #expect(await store.state.count == 3)
  }

  @Test func aHookAppliesOutsideEventsToState() async {
    let (store, log, input, numbers) = makeStore(hooks: [.events, .mirror])
    input.yield("hello")
    input.yield("world")
    numbers.yield(42)
    var received = store.values(\.received).makeAsyncIterator()
    while await received.next()?.count != 2 {}
    var mirrored = store.values(\.mirrored).makeAsyncIterator()
    while await mirrored.next() != 42 {}
    #expect(await store.state.received == ["hello", "world"])
    // Each element is one change, caused by its hook.
    #expect(log.lines.filter { $0 == "changed by hook events" }.count == 2)
    #expect(log.lines.contains("hook events: \"hello\""))
  }

  @Test func aHookWhoseSequenceThrowsIsReportedAndTheStoreRunsOn() async {
    let warnings = Warnings()
    await warnings.collect {
      let (store, log, _, _) = makeStore(hooks: [.failing])
      await store.settleIntake()
      #expect(await store.send(.increment).finish() == .completed)
      #expect(await store.state.count == 1)
      #expect(log.lines.contains("hook failing failed: the socket closed"))
      #expect(warnings.all.count == 1)
      #expect(warnings.all.first?.contains("hook .failing failed: the socket closed") == true)
      #expect(warnings.all.first?.contains("HookedInteractor#") == true)
    }
  }

  @Test func aHookWhoseSequenceEndsAtOnceEndsQuietly() async {
    let warnings = Warnings()
    await warnings.collect {
      let (store, log, _, _) = makeStore(hooks: [.finishing])
      await store.settleIntake()
      #expect(await store.send(.increment).finish() == .completed)
      #expect(log.lines.contains("hook finishing finished"))
      #expect(warnings.all.isEmpty)
    }
  }

  @Test func hooksEndWithTheStore() async {
    let (events, input) = AsyncStream<String>.makeStream()
    let ended = AsyncStream<Void>.makeStream()
    input.onTermination = { _ in ended.continuation.yield() }
    let (numbers, _) = AsyncStream<Int>.makeStream()
    let store = Store(initialState: .init(), interactor: HookedInteractor(events: events, numbers: numbers))
    await store.settleIntake()
    store.stop()
    var iterator = ended.stream.makeAsyncIterator()
    await iterator.next()
  }
}
