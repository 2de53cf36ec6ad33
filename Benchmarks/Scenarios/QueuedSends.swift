import Actuate
import Dispatch
import Foundation

/// What an action costs while it waits in the intake of a busy store: its record and its place in the queue.
///
/// The store's executor is held by a handler that blocks its thread (no suspension, so the store takes
/// nothing meanwhile); the sends queue behind it, and resident memory is read before and after them. Then
/// the handler lets go, and the count checks that every queued action ran.
enum QueuedSends {
  static let scenario = Scenario(name: "queued-sends", target: .none) { settings in
    // The handler blocks a thread of the cooperative pool; with one processor that is the only one, and the
    // sends could never run.
    guard ProcessInfo.processInfo.activeProcessorCount > 1 else {
      return ScenarioResult(notAvailable: "queued-sends", target: .none, reason: "it needs two processors")
    }
    let count = settings.count(200_000, quickDivisor: 20)
    let gate = Gate()
    let store = Store(initialState: Blocking.State(), interactor: Blocking(gate: gate))
    store.send(.block)
    await gate.blocked.wait()
    Memory.trim()
    guard let before = Memory.resident else { throw CheckFailure(description: "no /proc/self/status here") }
    for _ in 0..<count { store.send(.increment) }
    let after = Memory.resident ?? before
    gate.open()
    await store.waitUntilIdle()
    let counted = await store.state.count
    try check(counted == count, "the store counted \(counted) of \(count) queued actions")
    var result = ScenarioResult(name: "queued-sends", target: .none, status: .reported)
    result.count = count
    result.notes.append(
      "\(Format.bytes((after - before) / count)) per action queued behind a busy store (RSS delta / \(Format.count(count)))"
    )
    result.metrics = ["bytesPerQueuedAction": Double((after - before) / count)]
    return result
  }

  /// Where the blocking handler says it holds the store, and waits to be let go.
  final class Gate: Sendable {
    let blocked = Latch(count: 1)
    private let release = DispatchSemaphore(value: 0)

    /// Blocks the calling thread until `open()`.
    func hold() {
      blocked.arrive()
      release.wait()
    }

    func open() { release.signal() }
  }

  /// A counter whose `.block` holds the store's thread until the scenario lets go.
  struct Blocking: Interactor {
    struct State: Sendable { var count = 0 }
    enum Action: Sendable {
      case block
      case increment
    }
    let gate: Gate

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      switch action {
      case .block: gate.hold()
      case .increment: store.count += 1
      }
    }
  }
}
