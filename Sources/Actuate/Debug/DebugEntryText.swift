/// The text of each kind of entry, after the `[Actuate Store#1 12:00:01.204] ` header.
enum DebugEntryText {
  /// The entry for `event`, or `nil` when there is nothing to say (a state change that changed nothing).
  static func body<I: Interactor>(for event: StoreEvent<I>, maxLines: Int) -> String? {
    switch event {
    case .started(let state):
      return "started with state:\n" + indented(DebugStore.dump(state, maxLines: maxLines))
    case .actionSent(let action, _, let sender):
      return "action \(describe(action))" + (sender.map { " (sent by \(name(of: $0)))" } ?? "")
    case .actionStarted:
      return nil
    case .actionCancelled(let action, _, let reason):
      return "cancelled \(describe(action)) (\(reason))"
    case .actionFinished(let action, _, let outcome, let duration):
      let ending = outcome == .finished ? "" : ", \(outcome)"
      return "finished \(describe(action)) in \(text(for: duration))\(ending)"
    case .stateChanged(let old, let new, let cause):
      guard let diff = DebugStore.diff(old, new, maxLines: maxLines) else { return nil }
      let by: String
      switch cause {
      case .action(let action, _): by = " by \(describe(action))"
      case .hook(let hook): by = " by hook \(describe(hook))"
      case .childHook(let hook): by = " by \(hook)"
      case .cancellation(let action, _, let reason): by = " by the cleanup of \(describe(action)) (cancelled: \(reason))"
      case .unknown: by = ""
      }
      return "state changed\(by):\n\(diff)"
    case .writeDropped(let path, let cause):
      return "write dropped: \(writer(cause)) wrote \(path) after it was cancelled"
    case .sendDropped(let action, let cause):
      return "send dropped: \(writer(cause)) sent \(describe(action)) after it was cancelled"
    case .hookEvent(let hook, let element):
      return "hook \(describe(hook)) delivered \(element)"
    case .hookFinished(let hook):
      return "hook \(describe(hook)) finished"
    case .hookFailed(let hook, let error):
      return "hook \(describe(hook)) failed: \(error)"
    case .childHookEvent(let hook, let element):
      return "\(hook) delivered \(element)"
    case .childHookFinished(let hook):
      return "\(hook) finished"
    case .childHookFailed(let hook, let error):
      return "\(hook) failed: \(error)"
    case .transitionMissing(let action, let phase, let handled):
      return "no transition for \(describe(action)) from \(phase)" + (handled ? " (handled by onMissing)" : ": the action changed nothing")
    case .warning(let message):
      return "warning: \(message)"
    case .stopped:
      return "stopped"
    }
  }

  /// `1.25s`, `306ms`, `84µs`: precise enough to spot a slow handler, short enough to scan.
  static func text(for duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    if microseconds < 1_000 { return "\(microseconds)µs" }
    if microseconds < 1_000_000 { return "\((microseconds + 500) / 1_000)ms" }
    let hundredths = (microseconds + 5_000) / 10_000
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
  }

  /// Who sent an action from inside the store: `the handler of .search`, `hook .queryTyped`.
  private static func name<I: Interactor>(of sender: StoreCause<I>) -> String {
    switch sender {
    case .action(let action, _): "the handler of \(describe(action))"
    case .hook(let hook): "hook \(describe(hook))"
    case .childHook(let hook): hook
    case .cancellation(let action, _, _): "the cleanup of \(describe(action))"
    case .unknown: "code inside the store"
    }
  }

  private static func writer<I: Interactor>(_ cause: StoreCause<I>) -> String {
    switch cause {
    case .action(let action, _): describe(action)
    case .hook(let hook): "hook \(describe(hook))"
    case .childHook(let hook): hook
    case .cancellation(let action, _, _): "the cleanup of \(describe(action))"
    case .unknown: "a task"
    }
  }

  /// Indents a dump to line up with the context lines of a diff.
  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
