/// Where a ``DebugStore`` writes its entries.
///
/// A sink receives whole entries, one call each, in the order they happened, on the debug log's background
/// writer. A sink that fails is reported once, with a warning on standard error; later entries are still
/// offered to it, and its later failures are not reported.
public struct DebugSink: Sendable {
  /// Names the sink in the warning about its failure.
  let name: String
  private let write: @Sendable (String) throws -> Void
  private let failed: FailureLatch

  private init(name: String, write: @escaping @Sendable (String) throws -> Void) {
    self.name = name
    self.write = write
    self.failed = FailureLatch()
  }

  /// Standard error, one write per entry.
  ///
  /// Standard error rather than standard output, so that a program's own output (often piped into another
  /// tool) stays clean, and so that entries sit among Actuate's warnings.
  public static var console: DebugSink {
    let stderr = LogFile(descriptor: 2, path: "standard error")
    return DebugSink(name: "standard error") { entry in try stderr.append(entry + "\n") }
  }

  /// Appends to the file at `path`, creating it if needed.
  ///
  /// Each entry is one `write(2)` to a file opened with `O_APPEND`, with no buffering in between: entries of
  /// concurrent stores never interleave, and a crash loses nothing already logged.
  ///
  /// - Throws: ``DebugSinkError`` naming the path and the reason when the file cannot be opened for
  ///   writing: a missing folder, a directory, no permission.
  public static func file(_ path: String) throws(DebugSinkError) -> DebugSink {
    let file = try LogFile(path: path)
    return DebugSink(name: path) { entry in try file.append(entry + "\n") }
  }

  /// Hands each entry to `write`: one call per entry, its lines joined by newlines, with no final newline.
  ///
  /// - Parameters:
  ///   - name: Names the sink if it throws.
  ///   - write: Receives the entries; runs on the debug log's writer, never on a store.
  public static func custom(
    name: String = "custom sink", _ write: @escaping @Sendable (String) throws -> Void
  ) -> DebugSink {
    DebugSink(name: name, write: write)
  }

  /// A sink over a descriptor someone else owns, for tests of failing writes.
  static func descriptor(_ descriptor: Int32, path: String) -> DebugSink {
    let file = LogFile(descriptor: descriptor, path: path)
    return DebugSink(name: path) { entry in try file.append(entry + "\n") }
  }

  /// Writes one entry; the first failure is reported through `warn`, later ones are not.
  func deliver(_ entry: String, warn: (String) -> Void) {
    do {
      try write(entry)
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
