#if canImport(Glibc)
import Glibc
#endif

/// The process's memory, from /proc/self/status (Linux only; elsewhere every figure is nil).
enum Memory {
  /// Resident set size now.
  static var resident: Int? { field("VmRSS") }

  /// The highest resident set size since the process started, or since ``resetPeak()``.
  static var peak: Int? { field("VmHWM") }

  /// Starts a new peak (writing 5 to clear_refs), so a scenario's peak is its own. Returns whether it worked.
  @discardableResult
  static func resetPeak() -> Bool {
    ProcFile.write("/proc/self/clear_refs", "5")
  }

  /// Hands freed heap pages back to the system (glibc's `malloc_trim`, looked up at run time because the
  /// Glibc module does not export it), so a resident-memory delta counts new allocations, not reused ones.
  static func trim() {
    #if canImport(Glibc)
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
  }

  private static func field(_ name: String) -> Int? {
    guard let status = ProcFile.read("/proc/self/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let kilobytes = line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        .flatMap { Int($0) }
      return kilobytes.map { $0 * 1024 }
    }
    return nil
  }
}
