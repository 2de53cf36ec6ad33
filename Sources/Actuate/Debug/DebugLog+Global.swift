extension DebugLog {
  private enum GlobalSetting: Sendable {
    /// Nobody has set it in code: `ACTUATE_DEBUG` decides.
    case environment
    case code(DebugLog?)
  }

  private static let setting = Locked(GlobalSetting.environment)

  /// The debug log every store created from now on uses, unless its `debug:` argument says otherwise;
  /// `nil` when logging is off. It is the one switch, so that code and `ACTUATE_DEBUG` cannot disagree:
  ///
  /// ```swift
  /// DebugLog.global = DebugLog(.console, try .file("/tmp/app.log"))   // on
  /// DebugLog.global = nil                                             // off, whatever ACTUATE_DEBUG says
  /// ```
  ///
  /// Until code sets it, it comes from the `ACTUATE_DEBUG` environment variable, read once, the first time
  /// it is needed. Stores already running keep the setting they were created with.
  public static var global: DebugLog? {
    get {
      switch setting.withLock({ $0 }) {
      case .environment: DebugEnvironment.processDefault
      case .code(let debug): debug
      }
    }
    set { setting.withLock { $0 = .code(newValue) } }
  }

  /// Waits until every entry that stores had produced before this call has been written to its sinks.
  ///
  /// Call it before the program reads a log file it writes. A program that returns from `main` or calls
  /// `exit()` need not: the exit waits for the writer (Docs/Debugging.md, "What the log keeps when a program
  /// ends"). To include everything one store has done up to now, use ``Store/flushDebugLog()``.
  public static func flush() async {
    await DebugWriter.shared.flush()
  }

  /// Hands the global setting back to `ACTUATE_DEBUG`, for tests that set it.
  static func resetGlobal() {
    setting.withLock { $0 = .environment }
  }
}
