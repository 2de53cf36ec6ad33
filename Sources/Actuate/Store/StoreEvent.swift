/// What made a state change, or sent an action from inside the store.
package enum StoreCause<I: Interactor>: Sendable {
  /// The handler of an action (its task number tells two sends of an equal action apart).
  case action(I.Action, task: UInt64)
  /// A hook.
  case hook(I.Hook)
  /// A child's hook: `TodoInteractor[id: 3] hook .saves`.
  case childHook(ChildHookID)
  /// The cleanup (``Interactor/onCancel(_:reason:store:)``) of an action's handler, cancelled for `reason`
  /// after it had started.
  case cancellation(I.Action, task: UInt64, reason: CancellationReason)
  /// Code isolated to the store that is neither a handler nor a hook.
  case unknown
}

extension StoreCause {
  /// The cause `record` stands for, as the store `owner` names it: `.unknown` for no record, or another
  /// store's.
  init(of record: TaskRecord?, owner: ObjectIdentifier) {
    guard let record, record.owner == owner else {
      self = .unknown
      return
    }
    if let action = record as? ActionRecord<I> {
      self = .action(action.action, task: action.number)
    } else if let hook = record as? HookRecord<I>, hook.child == nil {
      self = .hook(hook.hook)
    } else if let child = (record as? any HookTaskRecord)?.child {
      self = .childHook(child)
    } else {
      self = .unknown
    }
  }

  /// The cause of `change`: its record's, or for a cleanup's own change, the cancellation.
  init(of change: OpenChange, owner: ObjectIdentifier) {
    if let reason = change.cleanup, let record = change.cause as? ActionRecord<I> {
      self = .cancellation(record.action, task: record.number, reason: reason)
    } else {
      self.init(of: change.cause, owner: owner)
    }
  }
}

/// Everything a store does, in the order it does it, for its observers (the TestStore); a ``StoreWatcher`` (the
/// debug log) is told the rarer ones as events and the rest through its own interface.
///
/// Observers are called synchronously on the store's executor, so they see events in the order they happened
/// and must return quickly.
package enum StoreEvent<I: Interactor>: Sendable {
  /// The store started with this state; its hooks are about to start.
  case started(I.State)
  /// An action was taken from the intake; `sender` is `nil` when it came from outside the store.
  case actionTaken(I.Action, task: UInt64, sender: StoreCause<I>?)
  /// An action's handler started (for a debounced action: once its quiet period passed).
  case actionStarted(I.Action, task: UInt64)
  /// An action's task was cancelled, or dropped by its policy before it started.
  case actionCancelled(I.Action, task: UInt64, reason: CancellationReason)
  /// An action's task ended. `duration` is how long the handler ran, `nil` if it never started.
  case actionEnded(I.Action, task: UInt64, outcome: ActionOutcome, duration: Duration?)
  /// The writes of one synchronous stretch of a handler or hook.
  case stateChanged(old: I.State, new: I.State, cause: StoreCause<I>)
  /// A cancelled task wrote to state; the write was dropped.
  case writeDropped(path: String, cause: StoreCause<I>)
  /// A cancelled task sent an action; the action was dropped.
  case sendDropped(I.Action, cause: StoreCause<I>)
  /// A hook's sequence produced an element.
  case hookElement(I.Hook, element: String)
  /// A hook's sequence ended.
  case hookEnded(I.Hook)
  /// A hook's sequence threw; the hook ended and the store runs on.
  case hookFailed(I.Hook, error: String)
  /// A child's hook (named) produced an element.
  case childHookElement(ChildHookID, element: String)
  /// A child's hook (named) finished.
  case childHookEnded(ChildHookID)
  /// A child's hook (named) threw; the hook ended and the child runs on.
  case childHookFailed(ChildHookID, error: String)
  /// An action had no transition from the state machine's current phase (described); it changed nothing.
  /// `handled` when the table has an `onMissing` handler, which decides what it means.
  case transitionMissing(I.Action, phase: String, handled: Bool)
  /// A message for the developer: something was used in a way that cannot work as they meant.
  case warning(String)
  /// The store stopped: every task and hook was cancelled.
  case stopped
}

/// Receives a store's events on its executor.
package typealias StoreObserver<I: Interactor> = @Sendable (StoreID, StoreEvent<I>) -> Void
