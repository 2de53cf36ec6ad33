#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `ACTUATE_RECORD`: records every store's session without a code change. Read once, as the first store
/// is made; the first store records to the path itself, the next ones to numbered siblings, each announced
/// on standard error, so that two stores never write into one file. A path that ends with `/`, or names a
/// folder, is a ``SessionFolder``: each store records to a file of its own there, named after the store.
enum SessionEnvironment {
  static let variable = "ACTUATE_RECORD"

  /// The path, or `nil` when the variable is unset or empty.
  private static let path: String? = {
    guard let value = getenv(variable).map({ String(cString: $0) }) else { return nil }
    let trimmed = value.trimmingWhitespace
    return trimmed.isEmpty ? nil : trimmed
  }()

  private static let stores = AtomicCounter()

  /// Whether the path is a folder, found once: a folder announces itself once, not each store's file.
  private static let isFolder: Bool = {
    guard let path, SessionFolder.isFolder(path) else { return false }
    StandardError.write("[Actuate] recording each store's session to a file of its own in \(path) (\(variable))\n")
    return true
  }()

  /// The file the next store made, called `store`, records to, or `nil` when recording is off.
  static func nextPath(store: String) -> String? {
    guard let path else { return nil }
    if isFolder { return SessionFolder.nextPath(in: path, store: store) }
    let file = numbered(path, Int(truncatingIfNeeded: stores.next()))
    StandardError.write("[Actuate] recording a session to \(file) (\(variable))\n")
    return file
  }

  /// `path` for the first store; `session-2.jsonl` for the second, and so on.
  static func numbered(_ path: String, _ number: Int) -> String {
    guard number > 1 else { return path }
    let slash = path.lastIndex(of: "/")
    if let dot = path.lastIndex(of: "."), slash.map({ $0 < dot }) ?? true, dot != path.startIndex {
      return "\(path[..<dot])-\(number)\(path[dot...])"
    }
    return "\(path)-\(number)"
  }
}

extension String {
  fileprivate var trimmingWhitespace: String {
    var text = Substring(self)
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true { text.removeLast() }
    return String(text)
  }
}
