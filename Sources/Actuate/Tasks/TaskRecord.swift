
/// The life of one action's task (or one hook's), shared by the store and the ``ActionTask`` handle.
///
/// The store changes it on its own executor; handles read it and wait on it from anywhere, hence the lock.
package class TaskRecord: @unchecked Sendable {
  // @unchecked: `cancelReason` is only touched on the store's executor (every cancel reaches a task through
  // its store, in order with the sends); everything else is immutable or behind `life`'s lock.
  struct Life {
    var outcome: ActionOutcome?
    var waiters: [CheckedContinuation<ActionOutcome, Never>] = []
    var endHandlers: [@Sendable () -> Void] = []
  }

  /// Numbers tasks in the order their actions were sent, per store.
  package let number: UInt64
  /// The store the task belongs to, so a task-local record is never mistaken for another store's.
  package let owner: ObjectIdentifier
  /// Where ``ActionTask/cancel()`` goes; weak, so a handle kept after its store is gone keeps nothing alive.
  package weak let owningStore: (any TaskOwner)?
  private let life: Locked<Life>

  init(number: UInt64, owner: some TaskOwner, outcome: ActionOutcome? = nil) {
    self.number = number
    self.owner = ObjectIdentifier(owner)
    self.owningStore = owner
    self.life = Locked(Life(outcome: outcome))
  }

  /// Why the task was cancelled, once it has been. Set and read only on the store's executor, so the check
  /// every state write makes ("is the task I write for cancelled?") takes no lock.
  private(set) var cancelReason: CancellationReason?

  package var outcome: ActionOutcome? { life.withLock { $0.outcome } }
  var isDone: Bool { outcome != nil }
  var isCancelled: Bool { cancelReason != nil }

  /// Marks the task cancelled, keeping the first reason. Returns `false` if it had already ended or been
  /// cancelled. Only on the store's executor.
  func markCancelled(_ reason: CancellationReason) -> Bool {
    guard cancelReason == nil, !isDone else { return false }
    cancelReason = reason
    return true
  }

  /// The outcome `end()` would give now: `.finished` unless the task was cancelled.
  var endingOutcome: ActionOutcome {
    outcome ?? cancelReason.map(ActionOutcome.cancelled) ?? .finished
  }

  /// Ends the task: `.finished` unless it was cancelled first. Returns the outcome it ended with.
  @discardableResult
  func end(_ outcome: ActionOutcome? = nil) -> ActionOutcome {
    typealias Ending = (ActionOutcome, [CheckedContinuation<ActionOutcome, Never>], [@Sendable () -> Void])
    let (final, waiters, handlers) = life.withLock { life -> Ending in
      if let existing = life.outcome { return (existing, [], []) }
      let final = outcome ?? cancelReason.map(ActionOutcome.cancelled) ?? .finished
      life.outcome = final
      defer {
        life.waiters = []
        life.endHandlers = []
      }
      return (final, life.waiters, life.endHandlers)
    }
    for waiter in waiters { waiter.resume(returning: final) }
    for handler in handlers { handler() }
    return final
  }

  /// Calls `handler` once the task has ended: now, if it already has.
  package func onEnd(_ handler: @escaping @Sendable () -> Void) {
    let endedAlready = life.withLock { life in
      if life.outcome != nil { return true }
      life.endHandlers.append(handler)
      return false
    }
    if endedAlready { handler() }
  }

  package func wait() async -> ActionOutcome {
    if let outcome { return outcome }
    return await withCheckedContinuation { continuation in
      let done = life.withLock { life -> ActionOutcome? in
        if let outcome = life.outcome { return outcome }
        life.waiters.append(continuation)
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
  }
}

/// The record of one action: the action travels with it through the intake, the policies and the handler.
final class ActionRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  let action: I.Action
  /// What sent this action from inside the store, or `nil` when it came from outside. A description, not
  /// the sender's record: a record that kept its sender would keep a whole chain of self-sends alive.
  /// `.unknown` when nobody observed the store at the time of the send.
  let sender: StoreCause<I>?
  /// For an action that carries a child's: the child's handler, which runs instead of the parent's, and its
  /// cleanup. Set once, on the store, before the action starts.
  var childRun: ChildRun?
  /// For an action that carries a child's: the child's number, so that cancelling the child finds the task
  /// even when it runs in no group. Zero for the parent's own actions.
  var childNode: UInt64 = 0
  /// Whether the handler has started: a cancelled handler is cleaned up only if it had. On the store only.
  var hasStarted = false

  init(number: UInt64, owner: StoreActor<I>, action: I.Action, sender: StoreCause<I>?, outcome: ActionOutcome? = nil) {
    self.action = action
    self.sender = sender
    super.init(number: number, owner: owner, outcome: outcome)
  }
}

/// The record of one running hook.
package final class HookRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  let hook: I.Hook
  /// For a child's hook, which child's, as the root names it: `TodoInteractor[id: 3] hook .saves`.
  let childLabel: String?

  init(number: UInt64, owner: some TaskOwner, hook: I.Hook, child: String?) {
    self.hook = hook
    self.childLabel = child.map { "\($0) hook \(describe(hook))" }
    super.init(number: number, owner: owner)
  }
}

/// A hook record of any interactor, so a root can name a child's hook.
protocol ChildHookLabeled {
  var childLabel: String? { get }
}

extension HookRecord: ChildHookLabeled {}

/// The store a record belongs to, as its handles and the test clock reach it.
package protocol TaskOwner: AnyObject, Sendable {
  /// Cancels the record's task, in order with the sends before it.
  func cancel(_ record: TaskRecord)
  /// Takes every action sent so far, running each one's first stretch.
  func drainIntake() async
  /// Returns once the store has nothing left to do that it can do on its own.
  func settle() async
}

/// The task a store runs code for, carried by its task so state writes and sends know their cause.
package enum TaskContext {
  @TaskLocal package static var current: TaskRecord?
}
