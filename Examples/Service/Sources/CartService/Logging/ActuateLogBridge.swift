import Actuate
import Foundation
import Logging

/// Hands Actuate's debug log to swift-log: each entry becomes one log message, its fields metadata.
///
/// The sink takes each entry as a JSON line, which carries the fields apart, rather than as text, whose
/// header would repeat the store and a second timestamp on every line swift-log prints.
public enum ActuateLogBridge {
  /// A sink that logs each entry through `logger`, at the level of its kind, and drops those below the
  /// logger's level.
  public static func sink(to logger: Logger) -> DebugSink {
    .custom(name: "swift-log", format: .jsonLines) { line in
      guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(line.utf8)) else {
        logger.warning("an Actuate debug log entry that is not JSON", metadata: ["entry": "\(line)"])
        return
      }
      logger.log(level: entry.level, "\(entry.message)", metadata: entry.metadata)
    }
  }

  /// The kinds a logger at `level` shows: every kind at debug, otherwise only those that log above debug.
  static func kinds(for level: Logger.Level) -> Set<DebugEntryKind> {
    level <= .debug ? Set(DebugEntryKind.allCases) : Set(DebugEntryKind.allCases.filter { severity(of: $0.rawValue) > .debug })
  }

  static func severity(of kind: String) -> Logger.Level {
    switch kind {
    case "warning", "transitionMissing": .warning
    case "hookFailed": .error
    default: .debug
    }
  }

  /// One entry, as the JSON-lines format writes it.
  struct Entry: Decodable {
    let store: String
    let kind: String
    let message: String
    let action: String?
    let cause: String?
    let outcome: String?
    let diff: String?

    var level: Logger.Level { ActuateLogBridge.severity(of: kind) }

    var metadata: Logger.Metadata {
      var metadata: Logger.Metadata = ["actuate.store": "\(store)", "actuate.kind": "\(kind)"]
      metadata["actuate.action"] = action.map { "\($0)" }
      metadata["actuate.cause"] = cause.map { "\($0)" }
      metadata["actuate.outcome"] = outcome.map { "\($0)" }
      metadata["actuate.diff"] = diff.map { "\($0)" }
      return metadata
    }
  }
}
