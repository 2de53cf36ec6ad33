#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ACTUATE_DEBUG`: turns the debug log on without a code change.
///
/// `1`, `console`, `on` or `true` log to the console; `0`, `off`, `false` or nothing leave it off; any other
/// value is the path of a file to append to.
enum DebugEnvironment {
  static let variable = "ACTUATE_DEBUG"

  enum Setting: Equatable {
    case off
    case console
    case file(String)
  }

  /// What this process's `ACTUATE_DEBUG` asks for: read once, the first time a store needs it.
  static let processDefault: DebugStore? = {
    let value = getenv(variable).map { String(cString: $0) }
    return debugStore(for: value, warn: Diagnostics.warn)
  }()

  static func setting(for value: String?) -> Setting {
    guard let value else { return .off }
    let trimmed = String(value.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    switch trimmed.lowercased() {
    case "", "0", "off", "false": return .off
    case "1", "console", "on", "true": return .console
    default: return .file(trimmed)
    }
  }

  /// The debug log `value` asks for. A file that cannot be opened is reported through `warn` and leaves
  /// logging off: a debugging aid must not stop the program.
  static func debugStore(for value: String?, warn: (String) -> Void) -> DebugStore? {
    switch setting(for: value) {
    case .off:
      return nil
    case .console:
      return DebugStore(.console)
    case .file(let path):
      do {
        return DebugStore(try .file(path))
      } catch {
        warn(
          "\(variable)=\(path): \(error). Debug logging is off; set \(variable) to a file in a folder that exists and that you can write to, or to 1 to log to the console."
        )
        return nil
      }
    }
  }
}
