import Actuate
import Logging

/// Turns Actuate's debug log on as far as the service's settings ask, and no further: a store that logs
/// nothing pays nothing.
enum DebugLogSetup {
  /// Logs every store created from now on through `logger`, as far as its level shows, and to the JSON-lines
  /// file at `path` if one is given. A file that cannot be written is reported on `logger`, and the service
  /// runs on without it.
  static func enable(file path: String?, logger: Logger) {
    var kinds = ActuateLogBridge.kinds(for: logger.logLevel)
    var sinks: [DebugSink] = kinds.isEmpty ? [] : [ActuateLogBridge.sink(to: logger)]
    if let path {
      do {
        sinks.append(try .file(path, format: .jsonLines))
        kinds = Set(DebugEntryKind.allCases)
      } catch {
        logger.warning("the debug log is off: \(error)", metadata: ["path": "\(path)"])
      }
    }
    guard !sinks.isEmpty else { return }
    DebugLog.global = DebugLog(sinks: sinks, filter: DebugFilter(kinds: kinds))
  }
}
