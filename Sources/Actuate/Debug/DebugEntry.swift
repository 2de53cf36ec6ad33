/// One entry of the debug log, as a value: what a sink made with ``DebugSink/entries(name:_:)`` receives, and
/// what the text and JSON-lines formats print.
///
/// A bridge to another logging system maps its fields: ``level`` to the system's level, ``text`` (or
/// ``message`` and ``detail``) to the message, and ``storeID``, ``kind``, ``action``, ``cause`` and ``outcome``
/// to metadata.
public struct DebugEntry: Sendable {
  /// How much an entry matters, for a logging system that filters by level.
  public enum Level: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// What a store does in the normal course: actions, changes, ends, cancellations, hook elements.
    case debug
    /// A store's start and stop.
    case info
    /// Something a store was asked to do and did not: a write or send dropped after a cancel, a send after a
    /// stop, an action without a transition, and every warning.
    case warning
    /// Something that failed: a hook whose sequence threw.
    case error

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The store the entry is about.
  public internal(set) var storeID: StoreID = .unnamed
  /// When it happened: the local wall-clock time in ISO 8601, `2026-11-23T12:00:01.204113+01:00`.
  public internal(set) var time = ""
  /// What happened.
  public internal(set) var kind: DebugEntryKind
  /// The first line, as the text format prints it after its header: `action .search (sent by hook .typed)`.
  public internal(set) var message: String
  /// The lines after it: a state's dump or a change's diff, or `nil`.
  public internal(set) var detail: String?
  /// The action the entry is about, as the log prints it: `.search("tabby")`.
  public internal(set) var action: String?
  /// Who sent the action, or what made the change: `the handler of .refresh`, `hook .typed`.
  public internal(set) var cause: String?
  /// How an action's task ended: `completed`, `cancelled (superseded)`.
  public internal(set) var outcome: String?

  init(
    kind: DebugEntryKind, message: String, detail: String? = nil, action: String? = nil, cause: String? = nil,
    outcome: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.detail = detail
    self.action = action
    self.cause = cause
    self.outcome = outcome
  }

  /// The entry's text without a header: the message, and the detail on the lines after it.
  public var text: String {
    detail.map { message + "\n" + $0 } ?? message
  }

  /// How much the entry matters: its kind's ``DebugEntryKind/level``.
  public var level: Level { kind.level }

  /// The entry for `event`, or `nil` when there is nothing to say (a state change that changed nothing);
  /// `diff` is a state change's diff.
  static func make<I: Interactor>(for event: StoreEvent<I>, diff change: StateDiff?, maxLines: Int) -> DebugEntry? {
    guard let kind = event.debugKind else { return nil }
    var entry = DebugEntry(kind: kind, message: "")
    switch event {
    case .started(let state):
      entry.message = "started with state:"
      entry.detail = indented(DebugLog.dump(state, maxLines: maxLines))
    case .actionTaken(let action, _, let sender):
      return .sent(describe(action), sender: sender.map(name(of:)))
    case .actionStarted:
      return nil
    case .actionCancelled(let action, _, let reason):
      return .cancelled(describe(action), reason: reason)
    case .actionEnded(let action, _, let outcome, let duration):
      return .ended(describe(action), outcome: outcome, duration: duration ?? .zero)
    case .stateChanged(_, _, let cause):
      guard let diff = change?.text(maxLines: maxLines) else { return nil }
      let action = cause.action.map(describe)
      // A change by an action is named by the action alone: described once.
      if case .action = cause { return .changed(diff, action: action, cause: action) }
      return .changed(diff, action: action, cause: changer(cause))
    case .writeDropped(let path, let cause):
      entry.action = cause.action.map(describe)
      entry.cause = writer(cause)
      entry.message = "write dropped: \(writer(cause)) wrote \(path) after it was cancelled"
    case .sendDropped(let action, let cause):
      entry.action = describe(action)
      entry.cause = writer(cause)
      entry.message = "send dropped: \(writer(cause)) sent \(describe(action)) after it was cancelled"
    case .hookElement(let hook, let element):
      entry.cause = "hook \(describe(hook))"
      entry.message = "hook \(describe(hook)) delivered \(element)"
    case .hookEnded(let hook):
      entry.cause = "hook \(describe(hook))"
      entry.message = "hook \(describe(hook)) ended"
    case .hookFailed(let hook, let error):
      entry.cause = "hook \(describe(hook))"
      entry.message = "hook \(describe(hook)) failed: \(error)"
    case .childHookElement(let hook, let element):
      entry.cause = hook.description
      entry.message = "\(hook) delivered \(element)"
    case .childHookEnded(let hook):
      entry.cause = hook.description
      entry.message = "\(hook) ended"
    case .childHookFailed(let hook, let error):
      entry.cause = hook.description
      entry.message = "\(hook) failed: \(error)"
    case .transitionMissing(let action, let phase, let handled):
      entry.action = describe(action)
      entry.message =
        "no transition for \(describe(action)) from \(phase)"
        + (handled ? " (handled by onMissing)" : ": the action changed nothing")
    case .warning(let message):
      entry.message = "warning: \(message)"
    case .stopped:
      entry.message = "stopped"
    }
    return entry
  }

  // The entries of an action's life and of a change, from what the log has already described: the writer
  // makes them straight from an action's record, and `make` from an event.

  /// `action .search("tabby") (sent by hook .typed)`.
  static func sent(_ action: String, sender: String?) -> DebugEntry {
    var message = "action " + action
    if let sender { message += " (sent by \(sender))" }
    return DebugEntry(kind: .action, message: message, action: action, cause: sender)
  }

  /// `cancelled .search("tabby") (superseded)`.
  static func cancelled(_ action: String, reason: CancellationReason) -> DebugEntry {
    DebugEntry(
      kind: .cancelled, message: "cancelled \(action) (\(reason))", action: action,
      outcome: "\(ActionOutcome.cancelled(reason))")
  }

  /// `ended .search("tabby") in 84µs`, with the outcome if it was not `.completed`.
  static func ended(_ action: String, outcome: ActionOutcome, duration: Duration) -> DebugEntry {
    let ending = outcome == .completed ? "" : ", \(outcome)"
    return DebugEntry(
      kind: .actionEnded, message: "ended \(action) in \(text(for: duration))\(ending)", action: action,
      outcome: "\(outcome)")
  }

  /// `state changed by .search("tabby"):` and the diff; `state changed by .clear, with the cleanup of
  /// .search("tabby") (cancelled: explicit):` when a cancel in the middle of the stretch ran cleanups that
  /// wrote into the change.
  static func changed(_ diff: String, action: String?, cause: String?, including cleanups: [String] = []) -> DebugEntry
  {
    var message = "state changed"
    if let cause { message += " by \(cause)" }
    if !cleanups.isEmpty { message += ", with " + cleanups.joined(separator: " and ") }
    return DebugEntry(kind: .stateChange, message: message + ":", detail: diff, action: action, cause: cause)
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
  static func name<I: Interactor>(of sender: StoreCause<I>) -> String {
    switch sender {
    case .action(let action, _): "the handler of \(describe(action))"
    case .hook(let hook): "hook \(describe(hook))"
    case .childHook(let hook): "\(hook)"
    case .cancellation(let action, _, _): "the cleanup of \(describe(action))"
    case .unknown: "code inside the store"
    }
  }

  /// What made a change: `.search`, `hook .typed`, or `nil` when nobody can say.
  static func changer<I: Interactor>(_ cause: StoreCause<I>) -> String? {
    switch cause {
    case .action(let action, _): describe(action)
    case .hook(let hook): "hook \(describe(hook))"
    case .childHook(let hook): "\(hook)"
    case .cancellation(let action, _, let reason): "the cleanup of \(describe(action)) (cancelled: \(reason))"
    case .unknown: nil
    }
  }

  static func writer<I: Interactor>(_ cause: StoreCause<I>) -> String {
    switch cause {
    case .action(let action, _): describe(action)
    case .hook(let hook): "hook \(describe(hook))"
    case .childHook(let hook): "\(hook)"
    case .cancellation(let action, _, _): "the cleanup of \(describe(action))"
    case .unknown: "a task"
    }
  }

  /// Indents a dump to line up with the context lines of a diff.
  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}
