
/// The life of one action's task (or one hook's), shared by the store and the ``ActionTask`` handle.
///
/// The store changes it on its own executor; handles read it and wait on it from anywhere, hence the lock.
package class TaskRecord: @unchecked Sendable {
  // @unchecked: every stored property is immutable or behind `life`'s lock.
  struct Life {
    var outcome: ActionOutcome?
    var cancelReason: CancellationReason?
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

  package var outcome: ActionOutcome? { life.withLock { $0.outcome } }
  var isDone: Bool { outcome != nil }

  /// Marks the task cancelled, keeping the first reason. Returns `false` if it had already ended or been cancelled.
  func markCancelled(_ reason: CancellationReason) -> Bool {
    life.withLock { life in
      guard life.outcome == nil, life.cancelReason == nil else { return false }
      life.cancelReason = reason
      return true
    }
  }

  var cancelReason: CancellationReason? { life.withLock { $0.cancelReason } }

  /// The outcome `end()` would give now: `.finished` unless the task was cancelled.
  var endingOutcome: ActionOutcome {
    life.withLock { $0.outcome ?? $0.cancelReason.map(ActionOutcome.cancelled) ?? .finished }
  }

  /// Ends the task: `.finished` unless it was cancelled first. Returns the outcome it ended with.
  @discardableResult
  func end(_ outcome: ActionOutcome? = nil) -> ActionOutcome {
    typealias Ending = (ActionOutcome, [CheckedContinuation<ActionOutcome, Never>], [@Sendable () -> Void])
    let (final, waiters, handlers) = life.withLock { life -> Ending in
      if let existing = life.outcome { return (existing, [], []) }
      let final = outcome ?? life.cancelReason.map(ActionOutcome.cancelled) ?? .finished
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
  /// The task (action or hook) that sent this action, or `nil` when it came from outside the store.
  let sender: TaskRecord?
  /// For an action that carries a child's: the child's handler, which runs instead of the parent's. Set
  /// once, on the store, before the action starts.
  var childRun: (@Sendable (isolated any Actor) async -> Void)?
  /// For an action that carries a child's: the child's number, so that cancelling the child finds the task
  /// even when it runs in no group. Zero for the parent's own actions.
  var childNode: UInt64 = 0

  init(number: UInt64, owner: StoreActor<I>, action: I.Action, sender: TaskRecord?, outcome: ActionOutcome? = nil) {
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
