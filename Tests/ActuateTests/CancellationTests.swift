@testable import Actuate
import ActuateTesting
import Testing

@Suite("Cancellation")
struct CancellationTests {
  @Test func aSupersededSearchsLateResponseDoesNotLand() async {
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: CounterInteractor(), clock: clock)
    // The slow search is sent first, the fast one second: the slow one's response arrives last.
    let slow = store.send(.search("slow", .seconds(2)))
    await store.settleIntake()  // started: its response is on the way
    let fast = store.send(.search("fast", .seconds(1)))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await fast.finish() == .completed)
    await clock.advance(by: .seconds(1))
    #expect(await slow.finish() == .cancelled(.superseded))
    #expect(await store.state.results == ["fast"])
    #expect(log.lines.contains("dropped write \\State.results by search(\"slow\", 2.0 seconds)"))
  }

  @Test func aResponseThatIgnoresCancellationStillDoesNotOverwriteANewerOne() async {
    let server = Server()
    let (store, log) = Store.observed(state: .init(), interactor: ServerSearch(server: server))
    let old = store.send(.search("cat"))
    await store.settleIntake()  // started: its request is out
    let new = store.send(.search("cats"))
    await server.respond(to: "cats", with: ["Tabby"])
    #expect(await new.finish() == .completed)
    // The old request was cancelled, but its response still comes back, later.
    await server.respond(to: "cat", with: ["Stale"])
    #expect(await old.finish() == .cancelled(.superseded))
    #expect(await store.state.results == ["Tabby"])
    #expect(log.lines.contains("dropped write \\State.results by search(\"cat\")"))
  }

  @Test func aCancelledTaskIsSendsAreDroppedAndReported() async {
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: LateSender(), clock: clock)
    let task = store.send(.work)
    await store.settleIntake()
    task.cancel()
    #expect(await task.finish() == .cancelled(.explicit))
    #expect(await store.state == 0)
    #expect(log.lines.contains("dropped send report by work"))
  }

  @Test func anActionTaskCanBeCancelledBeforeItsHandlerStarts() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock)
    let first = store.send(.keyed("a", .serial))
    let second = store.send(.keyed("b", .serial))
    await store.settleIntake()
    second.cancel()
    #expect(await second.finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(1))
    #expect(await first.finish() == .completed)
    #expect(await store.state.log == ["start a", "end a"])
  }

  @Test func cancellingAFinishedTaskDoesNothing() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    let task = store.send(.increment)
    #expect(await task.finish() == .completed)
    task.cancel()
    #expect(task.outcome == .completed)
  }

  @Test func aHandlerCanCancelItsOwnGroupWhileItRuns() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    let task = store.send(.cancelSelf)
    // The handler cancelled its own task in its first stretch: its later write is dropped.
    #expect(await task.finish() == .cancelled(.explicit))
    #expect(await store.state.count == 0)
  }
}

/// Sends an action after a sleep, to show that a cancelled task's sends are dropped.
struct LateSender: Interactor {
  typealias State = Int
  enum Action: Equatable, Sendable { case work, report }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .work:
      try? await store.sleep(for: .seconds(1))
      store.send(.report)
    case .report:
      store.state += 1
    }
  }
}

/// A fake server whose responses the test hands out, in any order; requests ignore cancellation.
actor Server {
  private var waiting: [String: CheckedContinuation<[String], Never>] = [:]
  private var ready: [String: [String]] = [:]

  func response(to query: String) async -> [String] {
    if let response = ready.removeValue(forKey: query) { return response }
    return await withCheckedContinuation { waiting[query] = $0 }
  }

  func respond(to query: String, with results: [String]) {
    if let continuation = waiting.removeValue(forKey: query) {
      continuation.resume(returning: results)
    } else {
      ready[query] = results
    }
  }
}

/// Searches through a ``Server``; the newest search cancels the previous one.
struct ServerSearch: Interactor {
  struct State: Equatable, Sendable { var results: [String] = [] }
  enum Action: Equatable, Sendable { case search(String) }
  let server: Server

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .search(let query):
      store.results = await server.response(to: query)
    }
  }

  func policy(for action: Action) -> ActionPolicy { .cancelPrevious(id: "search") }
}
