import Actuate
import ActuateTesting
import Foundation
import Testing

@testable import Todos

@Suite("Todos example")
struct TodosTests {
  @Test func addingUsesTheInjectedIDs() async {
    let store = TestStore(initialState: .init(), interactor: TodosInteractor(uuid: incrementingUUIDs()))
    await store.send(.add("Milk")) { $0.todos = [Todo(id: .number(0), title: "Milk")] }
    await store.send(.add("Eggs")) { $0.todos.append(Todo(id: .number(1), title: "Eggs")) }
    await store.finish()
  }

  @Test func aNewTodoGoesBeforeTheCompletedOnes() async {
    let store = TestStore(
      initialState: .init(todos: [Todo(id: .number(9), title: "Milk", isDone: true)]),
      interactor: TodosInteractor(uuid: incrementingUUIDs())
    )
    await store.send(.add("Eggs")) { $0.todos.insert(Todo(id: .number(0), title: "Eggs"), at: 0) }
    await store.finish()
  }

  @Test func completedTodosMoveToTheEndASecondAfterTheLastChange() async {
    let clock = TestClock()
    let store = TestStore(initialState: .three, interactor: TodosInteractor(uuid: incrementingUUIDs()), clock: clock)
    await store.send(.todo(.number(0), .toggle)) { $0.todos[0].isDone = true }
    await store.receive(.sortCompleted)
    await clock.advance(by: .milliseconds(500))
    await store.send(.todo(.number(1), .toggle)) { $0.todos[1].isDone = true }
    await store.receive(.sortCompleted)  // the sort waits a second from this change
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.step {
      $0.todos = [
        Todo(id: .number(2), title: "Bread"),
        Todo(id: .number(0), title: "Milk", isDone: true),
        Todo(id: .number(1), title: "Eggs", isDone: true),
      ]
    }
    await store.finish()
  }

  @Test func unTickingWithinTheSecondLeavesTheListAsItWas() async {
    let clock = TestClock()
    let store = TestStore(initialState: .three, interactor: TodosInteractor(uuid: incrementingUUIDs()), clock: clock)
    await store.send(.todo(.number(0), .toggle)) { $0.todos[0].isDone = true }
    await store.receive(.sortCompleted)
    await store.send(.todo(.number(0), .toggle)) { $0.todos[0].isDone = false }
    await store.receive(.sortCompleted)
    await clock.advance(by: .seconds(1))  // the sort runs and finds nothing to move
    await store.finish()
  }

  @Test func aTodoRunsAloneWithTheSameInteractor() async {
    let store = TestStore(initialState: Todo(id: .number(0), title: "Milk"), interactor: TodoInteractor())
    await store.send(.rename("  Oat milk ")) { $0.title = "Oat milk" }
    await store.send(.toggle) { $0.isDone = true }
    await store.finish()
  }

  @Test func deletingATodoIsTheListsReaction() async {
    let store = TestStore(initialState: .three, interactor: TodosInteractor(uuid: incrementingUUIDs()))
    await store.send(.todo(.number(1), .deleteTapped))  // the todo itself changes nothing
    await store.receive(.remove(.number(1))) { $0.todos.remove(at: 1) }
    await store.finish()
  }

  @Test func deletingADoneTodoAlsoSetsOffTheSort() async {
    let clock = TestClock()
    let store = TestStore(initialState: .three, interactor: TodosInteractor(uuid: incrementingUUIDs()), clock: clock)
    await store.send(.todo(.number(0), .toggle)) { $0.todos[0].isDone = true }
    await store.receive(.sortCompleted)
    await store.send(.todo(.number(0), .deleteTapped))
    await store.receive(.remove(.number(0))) { $0.todos.remove(at: 0) }
    await store.receive(.sortCompleted)
    await clock.advance(by: .seconds(1))  // the sort runs and finds nothing to move
    await store.finish()
  }

  @Test func anActionForATodoThatIsGoneIsNotHandledAndTheStoreWarns() async {
    // A store with a debug log of its own gives its warnings to the log, not to standard error: the test
    // reads the warning there. (An exhaustive TestStore fails with the same words: ActuateTesting's own
    // tests show it.)
    let warnings = Locked<[DebugEntry]>([])
    let store = Store(
      initialState: .three, interactor: TodosInteractor(uuid: incrementingUUIDs()),
      debug: .using(
        DebugLog(.entries { entry in if entry.kind == .warning { warnings.withLock { $0.append(entry) } } })))
    #expect(await store.send(.todo(.number(7), .toggle)).finish() == .cancelled(.childGone))
    #expect(await store.state == .three, "nothing was handled")
    await store.flushDebugLog()
    let warned = warnings.withLock { $0 }
    #expect(
      warned.map(\.message) == [
        "warning: \(store.storeID): .todo(\(UUID.number(7)), Todos.TodoInteractor.Action.toggle) is for TodoInteractor[id: \(UUID.number(7))], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
      ])
    store.stop()
  }
}

extension TodosInteractor.State {
  fileprivate static let three = Self(todos: [
    Todo(id: .number(0), title: "Milk"),
    Todo(id: .number(1), title: "Eggs"),
    Todo(id: .number(2), title: "Bread"),
  ])
}

extension UUID {
  /// `00000000-0000-0000-0000-00000000000n`: ids a test can write down.
  fileprivate static func number(_ n: Int) -> UUID {
    let hex = String(n, radix: 16)
    return UUID(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex)!
  }
}

/// Makes `number(0)`, `number(1)`, … in turn.
private func incrementingUUIDs() -> @Sendable () -> UUID {
  let next = Locked(0)
  return {
    next.withLock { next in
      defer { next += 1 }
      return .number(next)
    }
  }
}
