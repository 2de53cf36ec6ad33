#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor that takes whole entries: each one in a single `write(2)` under a lock, unbuffered, and
/// rotated under the same lock, so an entry is never split between two files.
///
/// With `O_APPEND`, the kernel places every write at the end of the file atomically, so entries stay whole
/// even when another descriptor, or another process, appends to the same file.
final class LogFile: Sendable {
  private struct OpenFile {
    var descriptor: Int32
    /// Bytes in the current file, counted from its size when opened: what rotation goes by.
    var size: Int
    /// Whether the trailer has been written: what comes after it is dropped, so the file stays whole.
    var finished = false
  }

  let path: String
  private let ownsDescriptor: Bool
  private let rotation: LogRotation
  /// The mode a file this creates gets, the rotated ones too: the owner's alone by default, since a log
  /// holds what a program's users did.
  private let permissions: mode_t
  /// What ends the file once nothing more will be written (a trace's `]`), or `nil` for a file that needs
  /// no ending.
  private let trailer: String?
  private let current: Locked<OpenFile>

  /// Opens `path` for appending (or, with `truncating`, empties it first). A file it creates gets
  /// `permissions`, less the process's umask; a file that exists and allows more than `permissions` is
  /// narrowed to them, or, if it cannot be, named in a warning on standard error.
  init(
    path: String, rotation: LogRotation = .never, truncating: Bool = false, permissions: Int = 0o600,
    trailer: String? = nil
  ) throws(DebugSinkError) {
    self.permissions = mode_t(truncatingIfNeeded: permissions & 0o7777)
    let descriptor = try Self.openDescriptor(path, truncating: truncating, permissions: self.permissions)
    Self.narrow(descriptor, path: path, to: self.permissions)
    self.path = path
    self.rotation = rotation
    self.trailer = trailer
    self.ownsDescriptor = true
    self.current = Locked(OpenFile(descriptor: descriptor, size: Int(lseek(descriptor, 0, SEEK_END))))
  }

  /// Wraps a descriptor that stays open after this object is gone, such as standard error.
  init(descriptor: Int32, path: String) {
    self.path = path
    self.rotation = .never
    self.permissions = 0o600
    self.trailer = nil
    self.ownsDescriptor = false
    self.current = Locked(OpenFile(descriptor: descriptor, size: 0))
  }

  deinit {
    finish()
    if ownsDescriptor { close(current.withLock { $0.descriptor }) }
  }

  /// Writes the trailer, once: at a normal exit (``LogExit``) or when the last sink that writes here is
  /// gone. Text appended after it is dropped.
  func finish() {
    guard let trailer else { return }
    var text = trailer
    text.withUTF8 { bytes in
      current.withLock { open in
        guard !open.finished else { return }
        open.finished = true
        _ = Self.write(bytes, to: open.descriptor)
      }
    }
  }

  func append(_ text: String) throws(DebugSinkError) {
    var text = text
    let failure: DebugSinkError.Operation? = text.withUTF8 { bytes in
      current.withLock { open in
        guard !open.finished else { return nil }
        // A file that cannot be rotated still takes the entry: better too big than lost.
        var failure: DebugSinkError.Operation?
        if open.size > 0, bytes.count > rotation.maxBytes - open.size {
          do throws(DebugSinkError) { try rotate(&open) } catch { failure = .rotate }
        }
        let written = Self.write(bytes, to: open.descriptor)
        open.size += written
        return written < bytes.count ? .write : failure
      }
    }
    if let failure { throw Self.error(path: path, operation: failure) }
  }

  /// Writes all of `bytes`, retrying after a signal; returns how many were written before a failure.
  private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      if written <= 0 { break }
      offset += written
    }
    return offset
  }

  /// `app.log.(k-1)` → `app.log.k`, …, `app.log` → `app.log.1`, then a new, empty `app.log`.
  private func rotate(_ open: inout OpenFile) throws(DebugSinkError) {
    // Only the files there are get renamed: a generous `keptFiles` must not cost a rename per slot.
    var existing = 0
    while existing < rotation.keptFiles, access("\(path).\(existing + 1)", F_OK) == 0 { existing += 1 }
    for index in stride(from: min(existing, rotation.keptFiles - 1), through: 1, by: -1) {
      _ = rename("\(path).\(index)", "\(path).\(index + 1)")
    }
    guard rename(path, "\(path).1") == 0 else { throw Self.error(path: path, operation: .rotate) }
    let descriptor = try Self.openDescriptor(path, truncating: true, permissions: permissions)
    close(open.descriptor)
    open = OpenFile(descriptor: descriptor, size: 0)
  }

  private static func openDescriptor(
    _ path: String, truncating: Bool, permissions: mode_t
  ) throws(DebugSinkError) -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncating ? O_TRUNC : 0)
    let descriptor = open(path, flags, permissions)
    guard descriptor >= 0 else { throw error(path: path, operation: .open) }
    return descriptor
  }

  /// A file that existed before the log keeps the mode it had, which may let anyone read what the log
  /// writes: takes away what `permissions` does not allow (an owner's narrower choice stays), and warns,
  /// naming the file, when that fails.
  private static func narrow(_ descriptor: Int32, path: String, to permissions: mode_t) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return }
    let mode = status.st_mode & 0o7777
    guard mode & ~permissions != 0 else { return }
    if fchmod(descriptor, mode & permissions) == 0 { return }
    let reason = String(cString: strerror(errno))
    StandardError.write(
      "[Actuate] warning: the debug log file \"\(path)\" has mode \(octal(mode)), wider than \(octal(permissions)), and could not be narrowed (\(reason)): others may read what the log writes. Remove the file, or change its mode with chmod \(octal(mode & permissions)).\n"
    )
  }

  private static func octal(_ mode: mode_t) -> String {
    "0" + String(mode, radix: 8)
  }

  private static func error(path: String, operation: DebugSinkError.Operation) -> DebugSinkError {
    let code = errno
    return DebugSinkError(path: path, operation: operation, code: code, reason: String(cString: strerror(code)))
  }
}

// Outside the class, where `write` is the C function and not `LogFile.write`.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
