extension StoreEvent {
  /// The kind of entry the event becomes, or `nil` for an event the log only uses to keep track.
  var debugKind: DebugEntryKind? {
    switch self {
    case .started: .started
    case .actionTaken: .action
    case .actionStarted: nil
    case .actionCancelled: .cancelled
    case .actionEnded: .actionEnded
    case .stateChanged: .stateChange
    case .writeDropped: .writeDropped
    case .sendDropped: .sendDropped
    case .hookElement, .childHookElement: .hookElement
    case .hookEnded, .childHookEnded: .hookEnded
    case .hookFailed, .childHookFailed: .hookFailed
    case .transitionMissing: .transitionMissing
    case .warning: .warning
    case .stopped: .stopped
    }
  }

  /// The actions the entry is about, which action filters decide on: the action itself, or the action
  /// whose handler caused it.
  var subjectActions: [I.Action] {
    switch self {
    case .actionTaken(let action, _, _), .actionStarted(let action, _), .actionCancelled(let action, _, _),
      .actionEnded(let action, _, _, _):
      [action]
    case .stateChanged(_, _, let cause), .writeDropped(_, let cause):
      cause.action.map { [$0] } ?? []
    case .sendDropped(let action, let cause):
      [action] + (cause.action.map { [$0] } ?? [])
    case .transitionMissing(let action, _, _):
      [action]
    case .started, .hookElement, .hookEnded, .hookFailed, .childHookElement, .childHookEnded, .childHookFailed,
      .warning, .stopped:
      []
    }
  }
}

extension StoreCause {
  var action: I.Action? {
    if case .action(let action, _) = self { return action }
    return nil
  }
}
