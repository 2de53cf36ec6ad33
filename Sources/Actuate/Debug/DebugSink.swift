/// Where a ``DebugLog`` writes its entries.
///
/// A sink receives whole entries, one call each, each store's in the order they happened, on the debug log's
/// background writer. A sink that fails is reported once, with a warning on standard error; later entries are still
/// offered to it, and its later failures are not reported.
public struct DebugSink: Sendable {
  /// Names the sink in the warning about its failure.
  let name: String
  /// What the sink takes, and how.
  let output: Output
  private let failed = FailureLatch()

  /// The three kinds of sink: each says what it takes, so no kind is told from another by what it lacks.
  enum Output: Sendable {
    /// Entries printed in a format, each written whole.
    case lines(DebugFormat, write: @Sendable (String) throws -> Void)
    /// Entries as values, unformatted.
    case entries(@Sendable (DebugEntry) throws -> Void)
    /// A timeline: the store's events, recorded by `recorder`, written as trace text.
    case trace(TraceRecorder, write: @Sendable (String) throws -> Void)
  }

  private init(name: String, output: Output) {
    self.name = name
    self.output = output
  }

  private init(name: String, format: DebugFormat = .text, write: @escaping @Sendable (String) throws -> Void) {
    self.init(name: name, output: .lines(format, write: write))
  }

  /// How a sink of lines prints entries; `nil` for the others.
  var format: DebugFormat? {
    if case .lines(let format, _) = output { return format }
    return nil
  }

  /// The recorder of a trace sink; `nil` for the others.
  var trace: TraceRecorder? {
    if case .trace(let recorder, _) = output { return recorder }
    return nil
  }

  /// Standard error, one write per entry, as text.
  ///
  /// Standard error rather than standard output, so that a program's own output (often piped into another
  /// tool) stays clean, and so that entries sit among Actuate's warnings.
  public static var console: DebugSink {
    console(format: .text)
  }

  /// Standard error, one write per entry, in `format`: ``DebugFormat/jsonLines`` suits a service whose
  /// standard error goes to a log collector.
  public static func console(format: DebugFormat) -> DebugSink {
    let stderr = LogFile(descriptor: 2, path: "standard error")
    return DebugSink(name: "standard error", format: format) { entry in try stderr.append(entry + "\n") }
  }

  /// Appends to the file at `path`, creating it if needed, and rotates it as `rotation` says.
  ///
  /// Each entry is one `write(2)` to a file opened with `O_APPEND`, with no buffering in between: entries of
  /// concurrent stores never interleave, and a crash loses nothing already logged. A rotation happens
  /// between two entries, never inside one. Rotate a file only from one process: two rotating the same
  /// file would rename each other's files.
  ///
  /// - Parameters:
  ///   - path: The file; relative paths start at the working directory.
  ///   - format: Text for people (the default), or JSON lines for log tooling.
  ///   - rotation: When to start a new file and how many old ones to keep; 10 MB and 5 by default.
  ///   - permissions: The mode of a file this creates, rotated files too, less the process's umask:
  ///     `0o600` by default, readable and writable by its owner alone, because a log holds what the
  ///     program's users did. A file that exists and allows more is narrowed to them (an owner's narrower
  ///     mode stays); if it cannot be, a warning on standard error names it.
  /// - Throws: ``DebugSinkError`` naming the path and the reason when the file cannot be opened for
  ///   writing: a missing folder, a directory, no permission.
  public static func file(
    _ path: String, format: DebugFormat = .text, rotation: LogRotation = .default, permissions: Int = 0o600
  ) throws(DebugSinkError) -> DebugSink {
    let file = try LogFile(path: path, rotation: rotation, permissions: permissions)
    return DebugSink(name: path, format: format) { entry in try file.append(entry + "\n") }
  }

  /// Writes a timeline of every action to `path` in the Trace Event Format, which Perfetto
  /// (ui.perfetto.dev) and `chrome://tracing` open: a track per store, a span per action from the moment it
  /// is taken to its end (its outcome in the end's arguments), an arrow from the handler that sent it, and
  /// instants for state changes (with their diff), hook elements, cancellations and dropped writes.
  ///
  /// The file is replaced, not appended to. It is a JSON array, closed with `]` when the program exits
  /// normally (returns from `main` or calls `exit()`) or when the last log that writes to it is gone, so that
  /// any JSON tool reads it then. Until then it is left open, which the format allows so that a program that
  /// crashes or is killed still leaves a trace the viewers open: every event is written whole, and the file
  /// always ends with one; append `]` to read such a trace with a strict JSON parser.
  ///
  /// - Parameters:
  ///   - path: The file; relative paths start at the working directory.
  ///   - permissions: The mode of the file if this creates it, less the process's umask: `0o600` by
  ///     default, its owner's alone, since the trace holds the actions and the state's diffs. A file that
  ///     exists and allows more is narrowed to them, or named in a warning if it cannot be.
  /// - Throws: ``DebugSinkError`` when the file cannot be created.
  public static func trace(_ path: String, permissions: Int = 0o600) throws(DebugSinkError) -> DebugSink {
    let file = try LogFile(path: path, truncating: true, permissions: permissions, trailer: TraceRecorder.trailer)
    let recorder = TraceRecorder(start: .now())
    try file.append(recorder.header(utc: false))
    LogExit.finishAtExit(file)
    return DebugSink(name: path, output: .trace(recorder) { events in try file.append(events) })
  }

  /// Hands each entry to `write`: one call per entry, its lines joined by newlines, with no final newline.
  ///
  /// - Parameters:
  ///   - name: Names the sink if it throws.
  ///   - format: How entries are printed: text by default, or one JSON object each.
  ///   - write: Receives the entries; runs on the debug log's writer, never on a store.
  public static func custom(
    name: String = "custom sink", format: DebugFormat = .text, _ write: @escaping @Sendable (String) throws -> Void
  ) -> DebugSink {
    DebugSink(name: name, format: format, write: write)
  }

  /// Hands each entry to `receive` as a value, unformatted: its store, time, kind, level, action, cause,
  /// outcome and text as fields, for a bridge to another logging system.
  ///
  /// ```swift
  /// DebugLog(.entries(name: "swift-log") { entry in
  ///   logger.log(level: entry.level == .error ? .error : .debug, "\(entry.text)", metadata: ["store": "\(entry.storeID)"])
  /// })
  /// ```
  ///
  /// - Parameters:
  ///   - name: Names the sink if it throws.
  ///   - receive: Receives the entries, one call each, each store's in order; runs on the debug log's
  ///     writer, never on a store.
  public static func entries(
    name: String = "entries", _ receive: @escaping @Sendable (DebugEntry) throws -> Void
  ) -> DebugSink {
    DebugSink(name: name, output: .entries(receive))
  }

  /// A sink over a descriptor someone else owns, for tests of failing writes.
  static func descriptor(_ descriptor: Int32, path: String) -> DebugSink {
    let file = LogFile(descriptor: descriptor, path: path)
    return DebugSink(name: path) { entry in try file.append(entry + "\n") }
  }

  /// Writes one entry, or a trace's text; the first failure is reported through `warn`, later ones are not.
  func deliver(_ text: String, warn: (String) -> Void) {
    switch output {
    case .lines(_, let write), .trace(_, let write): deliver(warn: warn) { try write(text) }
    case .entries: break
    }
  }

  /// Hands one entry to a sink of entries.
  func deliver(_ entry: DebugEntry, warn: (String) -> Void) {
    guard case .entries(let receive) = output else { return }
    deliver(warn: warn) { try receive(entry) }
  }

  private func deliver(warn: (String) -> Void, _ body: () throws -> Void) {
    do {
      try body()
    } catch {
      guard failed.claimFirst() else { return }
      let what = error is DebugSinkError ? "\(error)" : "the debug log sink \"\(name)\" failed: \(error)"
      warn("\(what). Later entries are still sent to it, but its further failures are not reported.")
    }
  }
}

/// Remembers that a sink has failed, so its failure is reported once.
private final class FailureLatch: Sendable {
  private let failures = AtomicCounter()

  func claimFirst() -> Bool {
    failures.next() == 1
  }
}
