import Actuate

/// What a ``TestStore`` has seen its store do and the test has not asserted yet, in order.
final class TestStoreRecorder<I: Interactor>: Sendable where I.State: Equatable {
  enum Item: Sendable {
    /// A visible state change (equal old and new states are not recorded).
    case change(old: I.State, new: I.State, cause: StoreCause<I>)
    /// An action sent from inside the store, by a handler or a hook.
    case received(I.Action, task: UInt64)
    /// A state machine had no transition for an action: in an exhaustive test, always a failure.
    case missingTransition(I.Action, phase: String)
    /// The store warned that something cannot work as meant (an action for a child that is not there): in
    /// an exhaustive test, always a failure, in the warning's own words.
    case warning(String)
  }

  struct Log {
    /// Unasserted items, oldest first.
    var pending: [Item] = []
    /// How many items were ever recorded: positions for "before the first stretch ended".
    var recorded = 0
    var finishedTasks: Set<UInt64> = []
    /// How the tasks of actions sent from inside ended, by task number, for `receive` to hand back.
    var receivedOutcomes: [UInt64: ActionOutcome] = [:]
    /// The numbers of the tasks of actions sent from inside that have not ended.
    var receivedRunning: Set<UInt64> = []
    /// Actions taken by the store whose tasks have not ended, by task number.
    var unfinished: [UInt64: I.Action] = [:]
    /// Skipped items, for `Exhaustivity.off(showSkipped: true)`.
    var skipped: [String] = []
  }

  let log = Locked(Log())

  /// A wake-up that is kept until someone waits for it, so none is lost between a check and a wait.
  private struct Signal {
    var isPending = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let signal = Locked(Signal())

  var observer: @Sendable (StoreID, StoreEvent<I>) -> Void {
    { [self] _, event in record(event) }
  }

  private func record(_ event: StoreEvent<I>) {
    log.withLock { log in
      switch event {
      case .stateChanged(let old, let new, let cause) where old != new:
        log.pending.append(.change(old: old, new: new, cause: cause))
        log.recorded += 1
      case .actionTaken(let action, let task, let sender):
        log.unfinished[task] = action
        if sender != nil {
          log.receivedRunning.insert(task)
          log.pending.append(.received(action, task: task))
          log.recorded += 1
        }
      case .transitionMissing(let action, let phase, handled: false):
        log.pending.append(.missingTransition(action, phase: phase))
        log.recorded += 1
      case .warning(let message):
        log.pending.append(.warning(message))
        log.recorded += 1
      case .actionEnded(_, let task, let outcome, _):
        log.finishedTasks.insert(task)
        if log.receivedRunning.remove(task) != nil { log.receivedOutcomes[task] = outcome }
        log.unfinished[task] = nil
      default:
        break
      }
    }
    wake()
  }

  /// Wakes whoever waits for something to happen.
  func wake() {
    let waiter = signal.withLock { signal in
      guard let waiter = signal.waiter else {
        signal.isPending = true
        return nil as CheckedContinuation<Void, Never>?
      }
      signal.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Suspends until something may have happened since the last call.
  func nextWake() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = signal.withLock { signal in
        if signal.isPending {
          signal.isPending = false
          return true
        }
        signal.waiter = continuation
        return false
      }
      if now { continuation.resume() }
    }
  }
}

extension TestStoreRecorder.Log {
  /// The position of the first unasserted change made by the action task `number`.
  func firstChange(by number: UInt64) -> Int? {
    pending.firstIndex {
      if case .change(_, _, .action(_, let task)) = $0 { return task == number }
      return false
    }
  }

  /// Removes the item at `index` and everything before it; returns both, or `nil` for no index.
  mutating func take(at index: Int?) -> (skipped: [TestStoreRecorder<I>.Item], item: TestStoreRecorder<I>.Item)? {
    guard let index else { return nil }
    let skipped = Array(pending[..<index])
    let item = pending[index]
    pending.removeSubrange(...index)
    return (skipped, item)
  }

  var firstReceivedIndex: Int? {
    pending.firstIndex { if case .received = $0 { true } else { false } }
  }
}

extension TestStoreRecorder.Item {
  func describe(cause: (StoreCause<I>) -> String) -> String {
    switch self {
    case .change(let old, let new, let why):
      let diff = DebugLog.diff(old, new) ?? "(no visible difference)"
      return "a state change by \(cause(why)):\n\(diff.indented)"
    case .received(let action, _):
      return "the action \(Actuate.describe(action)), sent from inside the store"
    case .missingTransition(let action, let phase):
      return "\(Actuate.describe(action)) had no transition from \(phase), so it changed nothing"
    case .warning(let message):
      return message
    }
  }
}

extension String {
  var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
  }
}
