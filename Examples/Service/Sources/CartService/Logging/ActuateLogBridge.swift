import Actuate
import Logging

/// Hands Actuate's debug log to swift-log: each entry becomes one log message, at its level, with its
/// fields as metadata.
public enum ActuateLogBridge {
  /// A sink that logs each entry through `logger`.
  public static func sink(to logger: Logger) -> DebugSink {
    .entries(name: "swift-log") { entry in
      var metadata: Logger.Metadata = ["actuate.store": "\(entry.storeID)", "actuate.kind": "\(entry.kind.rawValue)"]
      metadata["actuate.action"] = entry.action.map { "\($0)" }
      metadata["actuate.cause"] = entry.cause.map { "\($0)" }
      metadata["actuate.outcome"] = entry.outcome.map { "\($0)" }
      // A state's dump or diff spans many lines: worth them only to someone reading every change.
      if logger.logLevel <= .debug { metadata["actuate.detail"] = entry.detail.map { "\($0)" } }
      logger.log(level: Logger.Level(entry.level), "\(entry.message)", metadata: metadata)
    }
  }

  /// The kinds of entry a logger at `level` shows, so that a store never logs what would be dropped: at
  /// info, a store's start and stop, and what went wrong; at debug, every action and change as well.
  static func kinds(for level: Logger.Level) -> Set<DebugEntryKind> {
    Set(DebugEntryKind.allCases.filter { Logger.Level($0.level) >= level })
  }
}

extension Logger.Level {
  init(_ level: DebugEntry.Level) {
    switch level {
    case .debug: self = .debug
    case .info: self = .info
    case .warning: self = .warning
    case .error: self = .error
    }
  }
}
