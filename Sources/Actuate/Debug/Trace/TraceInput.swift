/// What a trace records of a store event: the store's generic event, described, so the trace's bookkeeping
/// is one non-generic type for every store.
enum TraceInput: Sendable {
  /// An action was taken; `sender` is the task whose handler or cleanup sent it.
  case taken(task: UInt64, action: String, sender: UInt64?, sentBy: String?)
  case handlerStarted(task: UInt64)
  case cancelled(task: UInt64, reason: String)
  case ended(task: UInt64, outcome: String)
  /// Something that happened at a moment, inside the span of `task` if it has one.
  case instant(name: String, task: UInt64?, args: [(String, String)])
  case stopped

  /// A change made by the handler of `task`. The recorder names the action from its span: describing it
  /// again here would double the cost.
  static func changed(task: UInt64, diff: String) -> TraceInput {
    .instant(name: "state changed", task: task, args: [("diff", diff)])
  }

  /// The input for `event`, or `nil` for an event the trace leaves out; `diff` is a state change's diff.
  static func make<I: Interactor>(for event: StoreEvent<I>, diff change: StateDiff?, maxLines: Int) -> TraceInput? {
    switch event {
    case .started(let state):
      return .instant(name: "started", task: nil, args: [("state", DebugLog.dump(state, maxLines: maxLines))])
    case .actionTaken(let action, let task, let sender):
      return .taken(
        task: task, action: describe(action), sender: sender?.task, sentBy: sender.map(DebugEntry.name(of:)))
    case .actionStarted(_, let task):
      return .handlerStarted(task: task)
    case .actionCancelled(_, let task, let reason):
      return .cancelled(task: task, reason: "\(reason)")
    case .actionEnded(_, let task, let outcome, _):
      return .ended(task: task, outcome: "\(outcome)")
    case .stateChanged(_, _, let cause):
      guard let diff = change?.text(maxLines: maxLines) else { return nil }
      switch cause {
      case .action(_, let task):
        return .changed(task: task, diff: diff)
      case .cancellation(_, let task, _):
        return .instant(
          name: "cleanup changed state", task: task, args: [("by", DebugEntry.changer(cause)!), ("diff", diff)])
      case .hook, .childHook, .unknown:
        return .instant(
          name: "state changed", task: nil, args: [("by", DebugEntry.changer(cause) ?? "unknown"), ("diff", diff)])
      }
    case .writeDropped(let path, let cause):
      return .instant(
        name: "write dropped", task: cause.task, args: [("path", path), ("by", DebugEntry.writer(cause))])
    case .sendDropped(let action, let cause):
      return .instant(
        name: "send dropped", task: cause.task, args: [("action", describe(action)), ("by", DebugEntry.writer(cause))])
    case .hookElement(let hook, let element):
      return .instant(name: "hook \(describe(hook))", task: nil, args: [("element", element)])
    case .childHookElement(let hook, let element):
      return .instant(name: hook.description, task: nil, args: [("element", element)])
    case .hookEnded(let hook):
      return .instant(name: "hook \(describe(hook)) ended", task: nil, args: [])
    case .childHookEnded(let hook):
      return .instant(name: "\(hook) ended", task: nil, args: [])
    case .hookFailed(let hook, let error):
      return .instant(name: "hook \(describe(hook)) failed", task: nil, args: [("error", error)])
    case .childHookFailed(let hook, let error):
      return .instant(name: "\(hook) failed", task: nil, args: [("error", error)])
    case .transitionMissing(let action, let phase, let handled):
      return .instant(
        name: "no transition", task: nil,
        args: [("action", describe(action)), ("phase", phase), ("handled", "\(handled)")])
    case .warning(let message):
      return .instant(name: "warning", task: nil, args: [("message", message)])
    case .stopped:
      return .stopped
    }
  }
}

extension StoreCause {
  /// The task whose code this is: a handler's, or the cleanup's of a cancelled one.
  var task: UInt64? {
    switch self {
    case .action(_, let task), .cancellation(_, let task, _): task
    case .hook, .childHook, .unknown: nil
    }
  }
}
