#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ACTUATE_DEBUG` and its companions: turn the debug log and the trace on without a code change.
///
/// `ACTUATE_DEBUG`: `1`, `on`, `true`, `yes` or `console` log to the console; `0`, `off`, `false`, `no` or
/// nothing leave it off; a path (anything with a `/` or a `.`, such as `/tmp/app.log` or `app.log`) is a file
/// to append to. Any other word is taken for "on", with a warning, rather than silently becoming a file of
/// that name. `ACTUATE_DEBUG_FORMAT` is `text` or `json`; `ACTUATE_DEBUG_MAX_SIZE` (`10MB`, `500KB`, bytes, or
/// `off`) and `ACTUATE_DEBUG_KEEP` (a count) set the file's rotation; `ACTUATE_DEBUG_SYNC=1` writes each entry
/// before the store goes on. `ACTUATE_TRACE` is the path of a trace file to write.
///
/// When the log starts, one line on standard error says where it goes, once per process.
enum DebugEnvironment {
  static let variable = "ACTUATE_DEBUG"
  static let formatVariable = "ACTUATE_DEBUG_FORMAT"
  static let sizeVariable = "ACTUATE_DEBUG_MAX_SIZE"
  static let keepVariable = "ACTUATE_DEBUG_KEEP"
  static let traceVariable = "ACTUATE_TRACE"
  static let syncVariable = "ACTUATE_DEBUG_SYNC"

  enum Setting: Equatable {
    case off
    case console
    case file(String)
    /// A word that is neither a switch nor a path: logged to the console, with a warning.
    case unclear(String)
  }

  /// What this process's environment asks for: read once, the first time a store needs it.
  static let processDefault: DebugLog? = debugStore(
    reading: { name in getenv(name).map { String(cString: $0) } }, warn: Diagnostics.warn,
    announce: { StandardError.write($0 + "\n") })

  static func setting(for value: String?) -> Setting {
    guard let value else { return .off }
    let trimmed = trimmed(value)
    switch trimmed.lowercased() {
    case "", "0", "off", "false", "no": return .off
    case "1", "console", "on", "true", "yes": return .console
    default: return trimmed.contains(where: { $0 == "/" || $0 == "." }) ? .file(trimmed) : .unclear(trimmed)
    }
  }

  /// The debug log `ACTUATE_DEBUG=value` asks for, the other variables unset.
  static func debugStore(
    for value: String?, warn: (String) -> Void, announce: (String) -> Void = { _ in }
  ) -> DebugLog? {
    debugStore(reading: { $0 == variable ? value : nil }, warn: warn, announce: announce)
  }

  /// The debug log the variables `environment` gives ask for. A value that makes no sense, or a file that
  /// cannot be opened, is reported through `warn` and that part is left off or at its default: a debugging
  /// aid must not stop the program. Where each part goes is told through `announce`, one line each.
  static func debugStore(
    reading environment: (String) -> String?, warn: (String) -> Void, announce: (String) -> Void = { _ in }
  ) -> DebugLog? {
    var sinks: [DebugSink] = []
    switch setting(for: environment(variable)) {
    case .off:
      break
    case .unclear(let word):
      warn(
        "\(variable)=\(word) is not a switch the debug log knows, nor a path, so it logs to the console. Set it to 1, on, true or yes for the console, to 0, off, false or no for none, or to a path such as ./\(word).log for a file."
      )
      fallthrough
    case .console:
      sinks.append(.console(format: format(environment(formatVariable), warn: warn)))
      announce("Actuate: debug log → standard error (\(variable))")
    case .file(let path):
      let format = format(environment(formatVariable), warn: warn)
      let rotation = rotation(size: environment(sizeVariable), keep: environment(keepVariable), warn: warn)
      do {
        sinks.append(try .file(path, format: format, rotation: rotation))
        announce("Actuate: debug log → \(absolute(path)) (\(variable))")
      } catch {
        warn(
          "\(variable)=\(path): \(error). Debug logging is off; set \(variable) to a file in a folder that exists and that you can write to, or to 1 to log to the console."
        )
      }
    }
    switch setting(for: environment(traceVariable)) {
    case .file(let path), .unclear(let path):
      do {
        sinks.append(try .trace(path))
        announce("Actuate: trace → \(absolute(path)) (\(traceVariable))")
      } catch {
        warn(
          "\(traceVariable)=\(path): \(error). Tracing is off; set \(traceVariable) to a file in a folder that exists and that you can write to."
        )
      }
    case .console:
      warn(
        "\(traceVariable)=\(environment(traceVariable) ?? "") is not a path; tracing is off. Set it to the file to write the trace to, such as /tmp/trace.json."
      )
    case .off:
      break
    }
    guard !sinks.isEmpty else { return nil }
    var debug = DebugLog(sinks: sinks)
    debug.writesSynchronously = isOn(environment(syncVariable), named: syncVariable, warn: warn)
    return debug
  }

  /// Whether a yes-or-no variable is on; anything but a switch is reported and taken for off.
  static func isOn(_ value: String?, named name: String, warn: (String) -> Void) -> Bool {
    switch setting(for: value) {
    case .off: return false
    case .console: return true
    case .file(let word), .unclear(let word):
      warn(
        "\(name)=\(word) is not a switch; it is taken for off. Set it to 1, on, true or yes, or to 0, off, false or no."
      )
      return false
    }
  }

  /// `path` from the root, so the line that announces the log says where it is whatever the reader's
  /// working directory.
  private static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
    defer { free(directory) }
    let base = String(cString: directory)
    let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
  }

  static func format(_ value: String?, warn: (String) -> Void) -> DebugFormat {
    guard let value, !trimmed(value).isEmpty else { return .text }
    switch trimmed(value).lowercased() {
    case "text": return .text
    case "json", "jsonl", "jsonlines", "json-lines", "ndjson": return .jsonLines
    default:
      warn(
        "\(formatVariable)=\(value) is not a format the debug log knows; it logs text. Set it to text, or to json for one JSON object per line."
      )
      return .text
    }
  }

  static func rotation(size: String?, keep: String?, warn: (String) -> Void) -> LogRotation {
    var rotation = LogRotation.default
    if let size, !trimmed(size).isEmpty {
      if let bytes = bytes(in: size) {
        rotation = bytes == 0 ? .never : LogRotation(maxBytes: bytes, keptFiles: rotation.keptFiles)
      } else {
        warn(
          "\(sizeVariable)=\(size) is not a size; the log file rotates at \(LogRotation.default.maxBytes) bytes. Set it to a number of bytes with an optional KB, MB or GB, such as 50MB, or to off."
        )
      }
    }
    if let keep, !trimmed(keep).isEmpty, rotation != .never {
      if let count = Int(trimmed(keep)), count > 0 {
        rotation.keptFiles = count
      } else {
        warn(
          "\(keepVariable)=\(keep) is not a count of files; \(rotation.keptFiles) old files are kept. Set it to a whole number from 1 up."
        )
      }
    }
    return rotation
  }

  /// `10MB` → 10,000,000; `500k` → 500,000; `4096` → 4096; `off` → 0; `nil` for anything else.
  static func bytes(in text: String) -> Int? {
    let value = trimmed(text).lowercased()
    if ["0", "off", "never", "none"].contains(value) { return 0 }
    let units: [(suffix: String, factor: Int)] = [
      ("gb", 1_000_000_000), ("g", 1_000_000_000), ("mb", 1_000_000), ("m", 1_000_000), ("kb", 1_000), ("k", 1_000),
      ("b", 1),
    ]
    for unit in units where value.hasSuffix(unit.suffix) {
      let number = value.dropLast(unit.suffix.count).trimmingWhitespace
      guard let count = Int(number), count > 0, count <= Int.max / unit.factor else { return nil }
      return count * unit.factor
    }
    guard let count = Int(value), count > 0 else { return nil }
    return count
  }

  private static func trimmed(_ value: String) -> String {
    String(value.trimmingWhitespace)
  }
}

extension StringProtocol {
  fileprivate var trimmingWhitespace: Substring {
    let start = drop(while: \.isWhitespace)
    return Substring(start.reversed().drop(while: \.isWhitespace).reversed())
  }
}
