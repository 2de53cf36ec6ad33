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
      let showsDetail = logger.logLevel <= .debug
      if showsDetail { metadata["actuate.detail"] = entry.detail.map { "\($0)" } }
      let message = showsDetail ? entry.message : withoutDetail(entry)
      logger.log(level: Logger.Level(entry.level), "\(message)", metadata: metadata)
    }
  }

  /// An entry's message where its detail is left out: one that introduces it ("started with state:") would
  /// end on a colon with nothing after it.
  static func withoutDetail(_ entry: DebugEntry) -> String {
    guard entry.detail != nil, entry.message.hasSuffix(":") else { return entry.message }
    if entry.kind == .started { return "started" }
    return String(entry.message.dropLast())
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
