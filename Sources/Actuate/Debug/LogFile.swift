#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor that takes whole entries: each one in a single `write(2)` under a lock, unbuffered.
///
/// With `O_APPEND`, the kernel places every write at the end of the file atomically, so entries stay whole
/// even when another descriptor, or another process, appends to the same file.
final class LogFile: Sendable {
  let path: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// Serialises the rare partial write's continuation with other writers of this descriptor.
  private let lock = Locked(())

  init(path: String) throws(DebugSinkError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.error(path: path, operation: .open) }
    self.path = path
    self.descriptor = descriptor
    self.ownsDescriptor = true
  }

  /// Wraps a descriptor that stays open after this object is gone, such as standard error.
  init(descriptor: Int32, path: String) {
    self.path = path
    self.descriptor = descriptor
    self.ownsDescriptor = false
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  func append(_ text: String) throws(DebugSinkError) {
    var text = text
    let failed: Bool = text.withUTF8 { bytes in
      lock.withLock { _ in
        var offset = 0
        while offset < bytes.count {
          let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0, errno == EINTR { continue }
          if written <= 0 { return true }
          offset += written
        }
        return false
      }
    }
    if failed { throw Self.error(path: path, operation: .write) }
  }

  private static func error(path: String, operation: DebugSinkError.Operation) -> DebugSinkError {
    let code = errno
    return DebugSinkError(path: path, operation: operation, code: code, reason: String(cString: strerror(code)))
  }
}
