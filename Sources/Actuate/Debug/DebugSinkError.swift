/// A log file that cannot be opened or written: it names the path and the system's reason.
public struct DebugSinkError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was being done when it failed.
  public enum Operation: Sendable, Equatable {
    /// Opening the file for appending, when the sink was made.
    case open
    /// Writing an entry, later.
    case write
    /// Renaming the full file to `.1` and starting a new one (see ``LogRotation``).
    case rotate
  }

  /// The file's path, as given.
  public let path: String
  /// What failed.
  public let operation: Operation
  /// The `errno` value.
  public let code: Int32
  /// The system's description of `code` (`strerror`), such as "No such file or directory".
  public let reason: String

  /// `cannot open the debug log file "/tmp/missing/app.log": No such file or directory`.
  public var description: String {
    switch operation {
    case .open: "cannot open the debug log file \"\(path)\": \(reason)"
    case .write: "cannot write to the debug log file \"\(path)\": \(reason)"
    case .rotate:
      "cannot rotate the debug log file \"\(path)\" (rename it to \"\(path).1\" and start a new one): \(reason)"
    }
  }
}
