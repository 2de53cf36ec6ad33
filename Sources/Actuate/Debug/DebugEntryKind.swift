/// A kind of debug log entry, for ``DebugFilter/kinds``.
public enum DebugEntryKind: String, Sendable, Hashable, CaseIterable {
  /// The store started; the entry shows its initial state.
  case started
  /// An action was taken by the store, from outside or sent by a handler or hook.
  case action
  /// The writes of one synchronous stretch of a handler or hook, as a diff.
  case stateChange
  /// A handler returned; the entry says how long it ran.
  case actionEnded
  /// An action's task was cancelled, or dropped before it started, and why.
  case cancelled
  /// A cancelled task wrote to state; the write was dropped.
  case writeDropped
  /// A cancelled task sent an action; the action was dropped.
  case sendDropped
  /// A hook's sequence produced an element.
  case hookElement
  /// A hook's sequence ended.
  case hookEnded
  /// A hook's sequence threw.
  case hookFailed
  /// A state machine had no transition for an action from its current phase.
  case transitionMissing
  /// A store's warning about how it was used.
  case warning
  /// The store stopped.
  case stopped

  /// How much an entry of this kind matters: a bridge to a logger with levels keeps the store from logging
  /// what the logger would drop with `DebugFilter(kinds: Set(DebugEntryKind.allCases.filter { $0.level >= .info }))`.
  public var level: DebugEntry.Level {
    switch self {
    case .action, .stateChange, .actionEnded, .cancelled, .hookElement, .hookEnded: .debug
    case .started, .stopped: .info
    case .writeDropped, .sendDropped, .transitionMissing, .warning: .warning
    case .hookFailed: .error
    }
  }
}

/// A set of kinds as bits: the store's observer asks it of every event, and hashing a kind means hashing
/// its string raw value.
struct DebugEntryKinds: Sendable {
  private let bits: UInt16

  init(_ kinds: Set<DebugEntryKind>) {
    bits = kinds.reduce(0) { $0 | $1.bit }
  }

  func contains(_ kind: DebugEntryKind) -> Bool {
    bits & kind.bit != 0
  }
}

extension DebugEntryKind {
  fileprivate var bit: UInt16 {
    switch self {
    case .started: 1 << 0
    case .action: 1 << 1
    case .stateChange: 1 << 2
    case .actionEnded: 1 << 3
    case .cancelled: 1 << 4
    case .writeDropped: 1 << 5
    case .sendDropped: 1 << 6
    case .hookElement: 1 << 7
    case .hookEnded: 1 << 8
    case .hookFailed: 1 << 9
    case .transitionMissing: 1 << 10
    case .warning: 1 << 11
    case .stopped: 1 << 12
    }
  }
}
