@testable import Actuate
import ActuateTesting

/// A counter with a sleeping action, a failing-search-like action and every policy, for the core tests.
struct CounterInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
    var results: [String] = []
    var flag = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case add(Int)
    case append(String)
    case twoWritesWithSuspension
    case sleep(Duration, String)
    case search(String, Duration)
    case sendThree
    case keyed(String, ActionPolicy.Key)
    case cancelSelf
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .add(let amount):
      store.count += amount
    case .append(let entry):
      store.log.append(entry)
    case .twoWritesWithSuspension:
      store.count += 1
      store.flag = true
      await Task.yield()
      store.count += 1
    case .sleep(let duration, let label):
      store.log.append("start \(label)")
      try? await store.sleep(for: duration)
      store.log.append("end \(label)")
    case .search(let query, let latency):
      try? await store.sleep(for: latency)
      store.results = [query]
    case .sendThree:
      store.send(.append("a"))
      store.send(.append("b"))
      store.send(.append("c"))
    case .keyed(let label, _):
      store.log.append("start \(label)")
      try? await store.sleep(for: .seconds(1))
      store.log.append("end \(label)")
    case .cancelSelf:
      store.cancel(id: "self")
      store.count += 1
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .search: .cancelPrevious(id: SearchID())
    case .keyed(_, let key): key.policy
    case .cancelSelf: .concurrent(id: "self")
    default: .concurrent
    }
  }

  private struct SearchID: Hashable {}
}

extension ActionPolicy {
  /// An equatable stand-in for a policy, so that actions can carry one.
  enum Key: Equatable, Sendable {
    case concurrent, cancelPrevious, dropNew, serial
    case debounce(Duration)
    case throttle(Duration, latest: Bool)

    var policy: ActionPolicy {
      switch self {
      case .concurrent: .concurrent(id: "work")
      case .cancelPrevious: .cancelPrevious(id: "work")
      case .dropNew: .dropNew(id: "work")
      case .serial: .serial(id: "work")
      case .debounce(let duration): .debounce(id: "work", for: duration)
      case .throttle(let duration, let latest): .throttle(id: "work", for: duration, latest: latest)
      }
    }
  }
}

/// Collects a store's events and warnings, for assertions.
final class EventLog<I: Interactor>: Sendable {
  private let events = Locked<[StoreEvent<I>]>([])

  var observer: StoreObserver<I> {
    { [self] _, event in events.withLock { $0.append(event) } }
  }

  var all: [StoreEvent<I>] { events.withLock { $0 } }

  /// One line per event, with the parts a test compares.
  var lines: [String] {
    all.compactMap { event in
      switch event {
      case .started: "started"
      case .actionTaken(let action, _, let sender): "sent \(action)\(sender == nil ? "" : " from inside")"
      case .actionStarted(let action, _): "started \(action)"
      case .actionCancelled(let action, _, let reason): "cancelled \(action) (\(reason))"
      case .actionEnded(let action, _, let outcome, _): "finished \(action): \(outcome)"
      case .stateChanged(_, _, let cause): "changed by \(cause)"
      case .writeDropped(let path, let cause): "dropped write \(path) by \(cause)"
      case .sendDropped(let action, let cause): "dropped send \(action) by \(cause)"
      case .hookElement(let hook, let element): "hook \(hook): \(element)"
      case .hookEnded(let hook): "hook \(hook) finished"
      case .hookFailed(let hook, let error): "hook \(hook) failed: \(error)"
      case .childHookElement(let hook, let element): "\(hook): \(element)"
      case .childHookEnded(let hook): "\(hook) finished"
      case .childHookFailed(let hook, let error): "\(hook) failed: \(error)"
      case .transitionMissing(let action, let phase, _): "no transition \(action) from \(phase)"
      case .warning(let message): "warning \(message)"
      case .stopped: "stopped"
      }
    }
  }

  var changes: [(old: I.State, new: I.State)] {
    all.compactMap { event in
      if case .stateChanged(let old, let new, _) = event { return (old, new) }
      return nil
    }
  }
}

extension StoreCause: CustomStringConvertible {
  public var description: String {
    switch self {
    case .action(let action, _): "\(action)"
    case .hook(let hook): "hook \(hook)"
    case .childHook(let hook): "\(hook)"
    case .cancellation(let action, _, let reason): "cleanup of \(action) (\(reason))"
    case .unknown: "unknown"
    }
  }
}

/// Collects warnings for the tasks that run inside `collect`, instead of printing them: a test that provokes
/// a warning on purpose asserts it, and the run's output stays clean. A store's own tasks inherit the
/// binding only when the store and its sends come from inside `collect`: make the store there.
final class Warnings: Sendable {
  private let lines = Locked<[String]>([])
  var all: [String] { lines.withLock { $0 } }

  func record(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  func collect<R>(_ body: () async throws -> R) async rethrows -> R {
    try await Diagnostics.$handler.withValue({ [self] line in lines.withLock { $0.append(line) } }, operation: body)
  }
}

/// Collects the failures a TestStore reports while `body` runs, instead of failing the test.
func failures(_ body: () async -> Void) async -> [String] {
  let collected = Locked<[String]>([])
  await IssueReporter.$capture.withValue({ message in collected.withLock { $0.append(message) } }) {
    await body()
  }
  return collected.withLock { $0 }
}

extension Store {
  /// A store with an event log attached from the start.
  static func observed(
    state: I.State, interactor: I, clock: any Clock<Duration> = ContinuousClock(), hooks: [I.Hook]? = nil
  ) -> (Store, EventLog<I>) {
    let log = EventLog<I>()
    let store = Store(
      initialState: state, interactor: interactor, clock: clock, hooks: hooks ?? Array(I.Hook.allCases),
      observers: [log.observer])
    return (store, log)
  }

  /// Waits until every action sent so far has started, queued or been dropped.
  func settleIntake() async {
    await actor.drainIntake()
  }

  /// Runs `body` while the store cannot take anything from its intake, as when it is busy: what `body`
  /// sends and cancels is taken together afterwards, in order. Only while no drain is under way (after
  /// `settleIntake()`): a drain in progress would take the commands as they come.
  func withIntakeHeld(_ body: () -> Void) {
    actor.withIntakeHeld(body)
  }
}
