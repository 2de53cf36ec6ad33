import Actuate
import Foundation

// The contract suites use the public API only: a plain `import Actuate`, no `@testable`, and nothing declared
// `package` (the test target shares the package, so the compiler would let `package` declarations through:
// keep it that way by hand). Nothing here sleeps to wait for something; every wait is on an explicit signal,
// bounded by a time limit that fails the test rather than hanging it.

/// How long any one wait of the contract tests may take before it counts as "never": far above what a
/// signal takes on a loaded machine, far below a test's time limit.
let contractWaitLimit: Duration = .seconds(2)

/// A one-shot signal: fired once, awaited by any number of tasks, each with a time limit. Fired from a
/// handler, it does not suspend it (so it never splits a stretch).
final class ContractSignal: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var fired = false
  private var waiters: [Int: (continuation: CheckedContinuation<Bool, Never>, timer: Task<Void, Never>?)] = [:]
  private var nextWaiter = 0

  var isFired: Bool { locked { fired } }

  /// `body`, under the lock (`NSLocking.withLock` is newer than the package's oldest platforms).
  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }

  /// Fires the signal: every waiter, now and later, gets `true`.
  func fire() {
    let woken = locked {
      fired = true
      defer { waiters = [:] }
      return waiters.values
    }
    for waiter in woken {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: true)
    }
  }

  /// Waits until the signal fires (`true`) or `limit` has passed (`false`).
  func wait(atMost limit: Duration = contractWaitLimit) async -> Bool {
    await withCheckedContinuation { continuation in
      let number: Int? = locked {
        if fired { return nil }
        nextWaiter += 1
        waiters[nextWaiter] = (continuation, nil)
        return nextWaiter
      }
      guard let number else { return continuation.resume(returning: true) }
      // The limit is a bound on a wait that has gone wrong, not a way to wait for anything.
      let timer = Task { [weak self] in
        try? await Task.sleep(for: limit)
        if !Task.isCancelled { self?.expire(number) }
      }
      let stillWaiting = locked {
        guard waiters[number] != nil else { return false }
        waiters[number]!.timer = timer
        return true
      }
      if !stillWaiting { timer.cancel() }
    }
  }

  private func expire(_ number: Int) {
    let waiter = locked { waiters.removeValue(forKey: number) }
    waiter?.continuation.resume(returning: false)
  }
}

/// Suspends until the calling task is cancelled (`true`), or `limit` has passed (`false`): a handler's
/// long-running work, which only a cancel ends.
func contractUntilCancelled(atMost limit: Duration = contractWaitLimit) async -> Bool {
  let cancelled = ContractSignal()
  return await withTaskCancellationHandler {
    await cancelled.wait(atMost: limit)
  } onCancel: {
    cancelled.fire()
  }
}

/// Sends `actions` from a new task of `priority`, back to back, without awaiting between them: a burst.
/// Returns their handles, or `nil` if the task did not send them within the time limit.
///
/// The caller waits for the handles on a signal, not on the task's value: awaiting the task would raise
/// the sender's priority to the caller's, and the burst would no longer come from `priority`.
func contractBurst<I: Interactor>(
  _ actions: [I.PublicAction], to store: Store<I>, priority: TaskPriority
) async -> [ActionTask]? where I.PublicAction: Sendable {
  let handles = ContractBox<[ActionTask]>()
  Task(priority: priority) { handles.set(actions.map { store.send($0) }) }
  return await handles.value()
}

/// `priority` as the tests' names read it.
func contractName(_ priority: TaskPriority) -> String {
  switch priority {
  case .low: ".low"
  case .medium: ".medium"
  case .high: ".high"
  default: "\(priority.rawValue)"
  }
}

/// What went wrong in the runs of a scenario repeated on fresh stores: each run checks everything it can,
/// and the test fails once, saying how many runs broke the contract and how the first one did.
struct ContractRuns {
  private(set) var failedRuns = 0
  private(set) var firstFailure: String?
  private var runFailed = false
  private var run = 0

  /// Checks one thing of the current run.
  mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    if !runFailed { failedRuns += 1 }
    runFailed = true
    if firstFailure == nil { firstFailure = "run \(run): \(message())" }
  }

  /// Checks that `actual` is `expected`.
  mutating func expect<T: Equatable>(_ actual: T, is expected: T, _ what: String) {
    expect(actual == expected, "\(what) is \(actual), expected \(expected)")
  }

  /// Runs `body` `count` times, or until a run fails if `stopAtFirstFailure` (for scenarios whose failed
  /// run costs a time limit).
  static func repeating(
    _ count: Int, stopAtFirstFailure: Bool = false, _ body: (inout ContractRuns) async -> Void
  ) async -> ContractRuns {
    var runs = ContractRuns()
    for number in 1...count {
      runs.run = number
      runs.runFailed = false
      await body(&runs)
      if stopAtFirstFailure, runs.failedRuns > 0 { break }
    }
    return runs
  }

  /// One line for a failed test: how many of how many runs failed, and the first failure.
  func summary(of count: Int) -> String {
    "\(failedRuns) of \(count) runs broke the contract (\(run == count ? "all run" : "stopped at run \(run)")); first: \(firstFailure ?? "none")"
  }
}

/// Holds a value a handler hands to the test (handles of the actions it sent).
final class ContractBox<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `stored` is guarded by `lock`.
  private let lock = NSLock()
  private var stored: Value?
  let isSet = ContractSignal()

  func set(_ value: Value) {
    lock.lock()
    stored = value
    lock.unlock()
    isSet.fire()
  }

  /// The value, once set, or `nil` if it is not set within the time limit.
  func value() async -> Value? {
    guard await isSet.wait() else { return nil }
    return read()
  }

  private func read() -> Value? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}

/// A store held weakly, for a handler to reach its `Store` as outside code does.
final class WeakStore<I: Interactor>: @unchecked Sendable {
  // @unchecked: `stored` is guarded by `lock`.
  private let lock = NSLock()
  private weak var stored: Store<I>?

  func set(_ store: Store<I>) {
    lock.lock()
    stored = store
    lock.unlock()
  }

  var store: Store<I>? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
