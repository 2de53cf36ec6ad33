@testable import Actuate
import ActuateTesting
import Testing

@Suite("Store basics")
struct StoreBasicsTests {
  @Test func sendUpdatesStateAndFinishReportsTheOutcome() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    let outcome = await store.send(.increment).finish()
    #expect(outcome == .completed)
    #expect(await store.state.count == 1)
  }

  @Test func aHandlerThatDoesNotSuspendLeavesNoTaskBehind() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    let task = store.send(.add(5))
    await store.settleIntake()
    // Finished during the drain itself: no waiting needed, nothing registered.
    #expect(task.outcome == .completed)
    #expect(await store.actor.scheduler.live.isEmpty)
  }

  @Test func sendsFromInsideAHandlerKeepTheirOrder() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    store.send(.sendThree)
    store.send(.append("d"))
    await store.settleIntake()
    await store.settleIntake()
    #expect(await store.state.log == ["d", "a", "b", "c"])
  }

  @Test func actionsSentFromOneTaskStartInOrder() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    var last: ActionTask?
    for index in 0..<1_000 { last = store.send(.append("\(index)")) }
    await last?.finish()
    #expect(await store.state.log == (0..<1_000).map { "\($0)" })
  }

  @Test func eightConcurrentSendersLoseNothingAndKeepTheirOrder() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    let senders = 8
    let perSender = 10_000
    await withTaskGroup(of: ActionTask?.self) { group in
      for sender in 0..<senders {
        group.addTask {
          var last: ActionTask?
          for index in 0..<perSender { last = store.send(.append("\(sender):\(index)")) }
          return last
        }
      }
      for await last in group { await last?.finish() }
    }
    let log = await store.state.log
    #expect(log.count == senders * perSender)
    var next = [Int](repeating: 0, count: senders)
    for entry in log {
      let parts = entry.split(separator: ":").map { Int($0)! }
      #expect(parts[1] == next[parts[0]], "sender \(parts[0]) out of order")
      next[parts[0]] += 1
    }
    #expect(next == [Int](repeating: perSender, count: senders))
  }

  @Test func theWritesOfOneStretchAreOneChange() async {
    let (store, log) = Store.observed(state: .init(), interactor: CounterInteractor())
    await store.send(.twoWritesWithSuspension).finish()
    let changes = log.changes
    #expect(changes.count == 2)
    #expect(changes.first.map { ($0.old.count, $0.new.count, $0.new.flag) } ?? (0, 0, false) == (0, 1, true))
    #expect(changes.last.map { ($0.old.count, $0.new.count) } ?? (0, 0) == (1, 2))
    #expect(
      log.lines.filter { $0.hasPrefix("changed") } == [
        "changed by twoWritesWithSuspension", "changed by twoWritesWithSuspension",
      ])
  }

  @Test func stateIsReadableThroughKeyPathsInsideHandlers() async {
    let store = Store(initialState: .init(count: 41), interactor: CounterInteractor())
    await store.send(.increment).finish()
    let count = await store.state.count
    #expect(count == 42)
  }

  @Test func eachStoreHasItsOwnID() {
    let first = Store(initialState: .init(), interactor: CounterInteractor())
    let second = Store(initialState: .init(), interactor: CounterInteractor())
    #expect(first.storeID != second.storeID)
    #expect(first.storeID.name == "CounterInteractor")
    #expect(first.storeID.description.hasPrefix("CounterInteractor#"))
  }
}
