/// Why an action's task was cancelled, or never started.
public enum CancellationReason: Sendable, Hashable, CustomStringConvertible {
  /// A newer action under the same id cancelled it (``ActionPolicy/cancelPrevious(id:)``).
  case superseded
  /// A newer action under the same id arrived within the debounce period.
  case debounced
  /// It arrived while a throttle window was open and was dropped, or replaced by a newer one.
  case throttled
  /// It was dropped because work under its id was already running (``ActionPolicy/dropNew(id:)``).
  case alreadyRunning
  /// A cancel of the store's (``StoreActor/cancel(id:)`` and the others) or ``ActionTask/cancel()``
  /// cancelled it.
  case explicit
  /// The store stopped, or its last outside reference went away.
  case storeStopped
  /// The child it was for went away: its state was removed, or was not there when the action came.
  case childGone

  public var description: String {
    switch self {
    case .superseded: "superseded"
    case .debounced: "debounced"
    case .throttled: "throttled"
    case .alreadyRunning: "already running"
    case .explicit: "explicit"
    case .storeStopped: "store stopped"
    case .childGone: "child gone"
    }
  }
}

/// How an action ended.
public enum ActionOutcome: Sendable, Hashable, CustomStringConvertible {
  /// The handler ran to its end without being cancelled.
  case completed
  /// The task was cancelled, before its handler started or while it ran.
  case cancelled(CancellationReason)
  /// The store did not take the action, and its handler never ran: the store had already stopped when it
  /// was sent, or outside code sent a child's action through a parent that would let it send the child's
  /// internal actions (a warning says which).
  case rejected

  public var description: String {
    switch self {
    case .completed: "completed"
    case .cancelled(let reason): "cancelled (\(reason))"
    case .rejected: "rejected"
    }
  }
}
