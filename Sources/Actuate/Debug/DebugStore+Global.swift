
extension DebugStore {
  private enum GlobalSetting: Sendable {
    /// Nobody has set it in code: `ACTUATE_DEBUG` decides.
    case environment
    case code(DebugStore?)
  }

  private static let setting = Locked(GlobalSetting.environment)

  /// The debug log every store created from now on uses, unless its `debug:` argument says otherwise;
  /// `nil` when logging is off.
  ///
  /// Until code sets it, it comes from the `ACTUATE_DEBUG` environment variable, read once, the first time
  /// it is needed. Stores already running keep the setting they were created with.
  public static var global: DebugStore? {
    get {
      switch setting.withLock({ $0 }) {
      case .environment: DebugEnvironment.processDefault
      case .code(let debug): debug
      }
    }
    set { setting.withLock { $0 = .code(newValue) } }
  }

  /// Logs every store created from now on to `sinks` (the console when there are none).
  ///
  /// ```swift
  /// DebugStore.enable(.console, try .file("/tmp/app.log"))
  /// ```
  public static func enable(_ sinks: DebugSink..., filter: DebugFilter = DebugFilter(), maxLines: Int = 1_000) {
    global = DebugStore(sinks: sinks, filter: filter, maxLines: maxLines)
  }

  /// Stops logging stores created from now on, whatever `ACTUATE_DEBUG` says.
  public static func disable() {
    global = nil
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
