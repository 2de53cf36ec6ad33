import Foundation

/// A value behind a lock, for test doubles that count or record their calls from any thread.
///
/// The library's own `Locked` is package-level, out of this package's reach. `NSLock` exists on every
/// platform the examples run on and is a pthread mutex on Linux, which ThreadSanitizer understands.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched with `lock` held.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
