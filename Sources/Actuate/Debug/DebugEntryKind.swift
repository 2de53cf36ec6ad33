/// A kind of debug log entry, for ``DebugFilter/kinds``.
public enum DebugEntryKind: String, Sendable, Hashable, CaseIterable {
  /// The store started; the entry shows its initial state.
  case started
  /// An action was taken by the store, from outside or sent by a handler or hook.
  case action
  /// The writes of one synchronous stretch of a handler or hook, as a diff.
  case stateChange
  /// A handler returned; the entry says how long it ran.
  case handlerFinished
  /// An action's task was cancelled, or dropped before it started, and why.
  case cancelled
  /// A cancelled task wrote to state; the write was dropped.
  case writeDropped
  /// A cancelled task sent an action; the action was dropped.
  case sendDropped
  /// A hook's sequence produced an element.
  case hookEvent
  /// A hook's sequence finished.
  case hookFinished
  /// A hook's sequence threw.
  case hookFailed
  /// A state machine had no transition for an action from its current phase.
  case transitionMissing
  /// A store's warning about how it was used.
  case warning
  /// The store stopped.
  case stopped
}
