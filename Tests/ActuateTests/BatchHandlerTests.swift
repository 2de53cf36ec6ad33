@testable import Actuate
import ActuateTesting
import Testing

/// The handlers of actions the store takes as one batch: a handler that suspends holds up nothing behind it,
/// keeps its own stretches apart and its cancellation to itself. These tests hold the intake so that their
/// sends make one batch, and check the contract from outside.
@Suite("Handlers of one batch", .timeLimit(.minutes(1)))
struct BatchHandlerTests {
  @Test func aHandlerThatSuspendsDoesNotHoldUpTheActionsBehindIt() async {
    let gate = Gate()
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: gate))
    let tasks = await sendInOneBatch([.waitAtGate(1), .quick(2), .quick(3)], to: store)
    // No drain of the test's: the actions behind the waiting handler start in the same drain.
    #expect(await tasks[2].finish() == .completed)
    #expect(await store.state.started == [1, 2, 3])
    #expect(await store.state.finished == [2, 3])
    gate.open()
    #expect(await tasks[0].finish() == .completed)
    #expect(await store.state.finished == [2, 3, 1])
  }

  @Test func actionsSentWhileAHandlerOfABatchIsSuspendedStartAtOnce() async {
    let gate = Gate()
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: gate))
    let first = await sendInOneBatch([.waitAtGate(1), .quick(2)], to: store)
    #expect(await first[1].finish() == .completed)
    // Sent one by one and as a batch while the first handler waits.
    #expect(await store.send(.quick(3)).finish() == .completed)
    let later = await sendInOneBatch([.quick(4), .quick(5)], to: store)
    for task in later { #expect(await task.finish() == .completed) }
    // All of them ended, in order, while the first still waits at the gate.
    #expect(await store.state.finished == [2, 3, 4, 5])
    gate.open()
    #expect(await first[0].finish() == .completed)
    #expect(await store.state.started == [1, 2, 3, 4, 5])
    #expect(await store.state.finished == [2, 3, 4, 5, 1])
  }

  @Test func aSuspendedHandlerIsCancelledThroughItsHandleAndItsLateWriteIsDropped() async {
    let gate = Gate()
    let (store, log) = Store.observed(state: .init(), interactor: Relay(gate: gate))
    let tasks = await sendInOneBatch([.waitAtGate(1), .quick(2)], to: store)
    #expect(await tasks[1].finish() == .completed)
    await gate.arrived.wait(until: 1)
    tasks[0].cancel()
    gate.open()
    #expect(await tasks[0].finish() == .cancelled(.explicit))
    let state = await store.state
    #expect(state.finished == [2])
    #expect(state.sawCancellation == [1])
    #expect(log.lines.contains { $0.hasPrefix("dropped write") && $0.hasSuffix("finished by waitAtGate(1)") })
  }

  @Test func aTaskAHandlerOfABatchStartedCannotWriteOnceTheActionIsCancelled() async {
    let gate = Gate()
    let relay = Relay(gate: gate)
    let (store, _) = Store.observed(state: .init(), interactor: relay)
    let tasks = await sendInOneBatch([.startTaskAndWait(1), .quick(2)], to: store)
    #expect(await tasks[1].finish() == .completed)
    // The handler and the task it started both wait at the gate.
    await gate.arrived.wait(until: 2)
    tasks[0].cancel()
    gate.open()
    #expect(await tasks[0].finish() == .cancelled(.explicit))
    await relay.startedTaskEnded.wait(until: 1)
    #expect(await store.state.finished == [2])
  }

  @Test func aCancellableSleepInASuspendedHandlerSeesTheCancel() async {
    let clock = TestClock()
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: Gate()), clock: clock)
    let tasks = await sendInOneBatch([.sleep(1), .quick(2)], to: store)
    #expect(await tasks[1].finish() == .completed)
    tasks[0].cancel()
    #expect(await tasks[0].finish() == .cancelled(.explicit))
    #expect(await store.state.sawCancellation == [1])
  }

  @Test func eachStretchOfAHandlerOfABatchIsAChangeOfItsOwn() async {
    let gate = Gate()
    let (store, log) = Store.observed(state: .init(), interactor: Relay(gate: gate))
    let tasks = await sendInOneBatch([.waitAtGate(1), .quick(2)], to: store)
    #expect(await tasks[1].finish() == .completed)
    gate.open()
    #expect(await tasks[0].finish() == .completed)
    let changes = log.lines.filter { $0.hasPrefix("changed") }
    #expect(changes == ["changed by waitAtGate(1)", "changed by quick(2)", "changed by waitAtGate(1)"])
    #expect(log.changes.map(\.new.finished) == [[], [2], [2, 1]])
    #expect(log.changes.map(\.new.started) == [[1], [1, 2], [1, 2]])
  }

  @Test func stopCancelsASuspendedHandlerOfABatch() async {
    let clock = TestClock()
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: Gate()), clock: clock)
    let tasks = await sendInOneBatch([.sleep(1), .quick(2)], to: store)
    #expect(await tasks[1].finish() == .completed)
    store.stop()
    #expect(await tasks[0].finish() == .cancelled(.storeStopped))
    #expect(await store.state.sawCancellation == [1])
  }

  @Test func aHandlerOfABatchMayAwaitAnActionItSendsToItsOwnStore() async {
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: Gate()))
    let tasks = await sendInOneBatch([.sendAndAwait(1), .quick(2)], to: store)
    for task in tasks { #expect(await task.finish() == .completed) }
    // What the handler sends is taken after the rest of its batch.
    #expect(await store.state.started == [1, 2, 101])
    #expect(await store.state.finished == [2, 101, 1])
  }

  @Test func aHandlerOfABatchSeesTheTaskLocalsAndPriorityOfTheSendThatStartedItsDrain() async {
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: Gate()))
    await store.settleIntake()
    // Released, the held intake starts the drain on this task, which takes all three as one batch.
    let tasks = await Task(priority: .high) {
      Probe.$tag.withValue("sender") {
        var tasks: [ActionTask] = []
        store.withIntakeHeld { tasks = [.probe(1), .probe(2), .probe(3)].map { store.send($0) } }
        return tasks
      }
    }.value
    for task in tasks { #expect(await task.finish() == .completed) }
    let seen = await store.state.seen
    #expect(seen.map(\.tag) == ["sender", "sender", "sender"])
    #expect(seen.allSatisfy { $0.priority >= TaskPriority.high })
  }

  @Test func aBurstWhoseHandlersHalfSuspendStartsAndFinishesInOrder() async {
    let count = 2_000
    let (store, _) = Store.observed(state: .init(), interactor: Relay(gate: Gate()))
    await store.settleIntake()
    var tasks: [ActionTask] = []
    // Held, then sent in one go, and again while the store takes them: batches of several and of one.
    store.withIntakeHeld {
      for number in 0..<count / 2 {
        tasks.append(store.send(number.isMultiple(of: 2) ? .yield(number) : .quick(number)))
      }
    }
    for number in count / 2..<count {
      tasks.append(store.send(number.isMultiple(of: 2) ? .yield(number) : .quick(number)))
    }
    for task in tasks { #expect(await task.finish() == .completed) }
    let state = await store.state
    #expect(state.started == Array(0..<count))
    #expect(state.finished.sorted() == Array(0..<count))
    #expect(await store.actor.liveActionNumbers.isEmpty)
  }
}

/// Sends `actions` once the store has taken everything before them, so that it takes them as one batch.
private func sendInOneBatch(_ actions: [Relay.Action], to store: Store<Relay>) async -> [ActionTask] {
  await store.settleIntake()
  var tasks: [ActionTask] = []
  store.withIntakeHeld { tasks = actions.map { store.send($0) } }
  return tasks
}

/// Handlers that return at once, or suspend: at a gate, on the store's clock, or in a `Task.yield()`.
private struct Relay: Interactor {
  struct State: Equatable, Sendable {
    var started: [Int] = []
    var finished: [Int] = []
    var sawCancellation: [Int] = []
    /// What each `probe` handler saw: `Probe.tag` and its task's priority.
    var seen: [Seen] = []
  }

  struct Seen: Equatable, Sendable {
    var tag: String?
    var priority: TaskPriority
  }

  enum Action: Equatable, Sendable {
    case quick(Int)
    case waitAtGate(Int)
    case sleep(Int)
    case yield(Int)
    /// Starts a task that writes after the gate, then waits at the gate itself.
    case startTaskAndWait(Int)
    /// Notes the task-local `Probe.tag` and the priority the handler sees.
    case probe(Int)
    /// Sends `quick(number + 100)` to its own store and awaits its end.
    case sendAndAwait(Int)
  }

  let gate: Gate
  /// Counts the tasks `startTaskAndWait` started that have ended.
  let startedTaskEnded = Countdown()

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .quick(let number):
      store.started.append(number)
      store.finished.append(number)
    case .waitAtGate(let number):
      store.started.append(number)
      await gate.wait()
      if Task.isCancelled { store.noteCancellation(of: number) }
      store.finished.append(number)
    case .sleep(let number):
      store.started.append(number)
      do {
        try await store.sleep(for: .seconds(10))
        store.finished.append(number)
      } catch {
        store.noteCancellation(of: number)
      }
    case .yield(let number):
      store.started.append(number)
      await Task.yield()
      store.finished.append(number)
    case .startTaskAndWait(let number):
      store.started.append(number)
      Task { [gate, startedTaskEnded] in
        await gate.wait()
        store.finished.append(number)
        startedTaskEnded.increment()
      }
      await gate.wait()
      store.finished.append(number)
    case .sendAndAwait(let number):
      store.started.append(number)
      await store.send(.quick(number + 100)).finish()
      store.finished.append(number)
    case .probe(let number):
      store.seen.append(Seen(tag: Probe.tag, priority: Task.currentPriority))
      store.finished.append(number)
    }
  }
}

/// A task-local of the sender's.
private enum Probe {
  @TaskLocal static var tag: String?
}

extension StoreActor where I == Relay {
  /// Notes that a handler saw its cancellation. A cancelled task's writes are dropped, so the note goes
  /// straight into the state, past the checks a write makes.
  fileprivate func noteCancellation(of number: Int) {
    current.sawCancellation.append(number)
  }
}
