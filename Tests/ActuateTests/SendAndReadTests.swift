@testable import Actuate
import ActuateTesting
import Testing

/// `sendAndWait(_:reading:)`: the state an action left, read in the same step as its end.
@Suite("Sending and reading the state an action left")
struct SendAndReadTests {
  @Test func readsTheStateTheHandlerLeft() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor(), debug: .off)
    let (outcome, count) = await store.sendAndWait(.add(5)) { $0.count }
    #expect(outcome == .completed)
    #expect(count == 5)
  }

  @Test func readsTheChangesOfActionsThatRanWhileTheHandlerWasSuspended() async {
    let (started, didStart) = AsyncStream<Void>.makeStream()
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = Store(initialState: .init(), interactor: Gated(started: didStart, gate: gate), debug: .off)
    async let read = store.sendAndWait(.gated) { $0.log }
    for await _ in started { break }
    await store.sendAndWait(.append("meanwhile"))
    open.yield()
    let (outcome, log) = await read
    #expect(outcome == .completed)
    #expect(log == ["start", "meanwhile", "end"])
  }

  @Test func readsNothingSentAfterTheActionEnded() async {
    // Each caller reads its own action's total: no other caller's change comes between an end and its read.
    let store = Store(initialState: .init(), interactor: CounterInteractor(), debug: .off)
    let totals = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<200 { group.addTask { await store.sendAndWait(.increment) { $0.count }.value } }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(totals.sorted() == Array(1...200))
  }

  @Test func anActionCancelledBeforeItStartsReadsTheStateWhenItWasDropped() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: CounterInteractor(), clock: clock, debug: .off)
    store.send(.keyed("first", .dropNew))
    await store.settleIntake()
    let (outcome, log) = await store.sendAndWait(.keyed("second", .dropNew)) { $0.log }
    #expect(outcome == .cancelled(.alreadyRunning))
    #expect(log == ["start first"])
  }

  @Test func aRefusedActionReadsTheStoppedStoresState() async {
    let warnings = Warnings()
    await warnings.collect {
      let store = Store(initialState: .init(), interactor: CounterInteractor(), debug: .off)
      await store.sendAndWait(.add(2))
      store.stop()
      let (outcome, count) = await store.sendAndWait(.add(3)) { $0.count }
      #expect(outcome == .rejected)
      #expect(count == 2)
    }
    #expect(warnings.all.count == 1)
  }
}

/// A handler that says it has started, then waits for the test to open its gate.
private struct Gated: Interactor {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case gated
    case append(String)
  }

  let started: AsyncStream<Void>.Continuation
  let gate: AsyncStream<Void>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .gated:
      store.log.append("start")
      started.yield()
      for await _ in gate { break }
      store.log.append("end")
    case .append(let entry):
      store.log.append(entry)
    }
  }
}
