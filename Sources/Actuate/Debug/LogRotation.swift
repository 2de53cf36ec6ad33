/// When a log file sink starts a new file, and how many old ones it keeps, so a log can run for days.
///
/// When an entry would take the file past ``maxBytes``, the sink renames `app.log` to `app.log.1` (and
/// `app.log.1` to `app.log.2`, and so on, dropping the oldest beyond ``keptFiles``), then starts a new
/// `app.log` with that entry. An entry is never split across two files, and none is lost.
///
/// ```swift
/// let sink = try DebugSink.file("/var/log/app/actuate.log", rotation: LogRotation(maxBytes: 50_000_000, keptFiles: 3))
/// ```
public struct LogRotation: Sendable, Hashable {
  /// The size, in bytes, a file may reach before the next entry goes to a new file. An entry larger than
  /// this still goes whole into a file of its own.
  public var maxBytes: Int
  /// How many rotated files (`.1` … `.k`) are kept besides the current one.
  public var keptFiles: Int

  /// Rotates at `maxBytes` (at least 1), keeping `keptFiles` old files (at least 1).
  public init(maxBytes: Int, keptFiles: Int) {
    self.maxBytes = max(1, maxBytes)
    self.keptFiles = max(1, keptFiles)
  }

  /// 10 MB a file, 5 old files kept: at most 60 MB on disk, and days of a busy service's log.
  public static let `default` = LogRotation(maxBytes: 10_000_000, keptFiles: 5)

  /// The file grows without limit: for runs you will read whole.
  public static let never = LogRotation(maxBytes: Int.max, keptFiles: 1)
}
