#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a store's state in one file, readable and writable by its owner alone.
///
/// Each save writes a temporary file beside it (`drafts.state.saving`), syncs it to disk, renames it over
/// the file and syncs the folder: a crash at any point leaves either the state saved before or the new one,
/// whole. A file that cannot be read is renamed aside (`drafts.state.unreadable-1`, then `-2`…), never
/// overwritten. Use it through ``Persistence/file(_:persisting:version:migrations:redacted:)``.
public struct FileStorage: StateStorage {
  /// The file's path.
  public let path: String

  /// A storage in the file at `path`; its folder must exist.
  public init(path: String) {
    self.path = path
  }

  /// A storage in the file at `url`, a file URL; its folder must exist.
  public init(_ url: URL) {
    self.init(path: url.path)
  }

  private var temporaryPath: String { path + ".saving" }

  /// Reads the file; `nil` if there is none.
  public func load() async throws -> StoredState? {
    try await FileWork.run { () throws(PersistenceError) in try loadNow() }
  }

  /// Writes `state` atomically, and returns once it is on disk.
  public func save(_ state: StoredState) async throws {
    try await FileWork.run { () throws(PersistenceError) in try saveNow(state) }
  }

  /// Renames the file aside, to the first of `path.unreadable-1`, `-2`… that does not exist.
  public func setAside(reason: String) async throws -> String? {
    try await FileWork.run { () throws(PersistenceError) in try setAsideNow() }
  }

  /// Reads the file on the calling thread: what a store made without `await` does, before it starts.
  func loadNow() throws(PersistenceError) -> StoredState? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw failure("open")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count < 0 { throw failure("read") }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return try StateFile.state(in: bytes)
  }

  func saveNow(_ state: StoredState) throws(PersistenceError) {
    let temporary = temporaryPath
    // O_TRUNC: a temporary file a crash left behind is not worth keeping; the file itself still is.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("create \(temporary)") }
    var closed = false
    defer { if !closed { close(descriptor) } }
    // Whatever the umask, and whatever mode a leftover temporary file had.
    guard fchmod(descriptor, 0o600) == 0 else { throw failure("chmod \(temporary)") }
    let bytes = StateFile.bytes(of: state)
    let half = bytes.count / 2
    guard writeAll(bytes[..<half], to: descriptor) else { throw failure("write \(temporary)") }
    SavePoint.reach(.halfWritten)
    guard writeAll(bytes[half...], to: descriptor) else { throw failure("write \(temporary)") }
    guard fsync(descriptor) == 0 else { throw failure("fsync \(temporary)") }
    closed = true
    guard close(descriptor) == 0 else { throw failure("close \(temporary)") }
    SavePoint.reach(.synced)
    guard rename(temporary, path) == 0 else { throw failure("rename \(temporary)") }
    SavePoint.reach(.renamed)
    syncFolder()
  }

  /// Renames the file aside with `link` and `unlink`, which never replace a file already there.
  func setAsideNow() throws(PersistenceError) -> String? {
    var index = 1
    while true {
      let aside = "\(path).unreadable-\(index)"
      if link(path, aside) == 0 {
        unlink(path)
        return aside
      }
      if errno == ENOENT { return nil }
      guard errno == EEXIST else { throw failure("move aside") }
      index += 1
    }
  }

  /// Makes the rename itself durable: until the folder is synced, a crash may bring the old name back.
  private func syncFolder() {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  private func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }

  private func failure(_ operation: String) -> PersistenceError {
    .notWritten("\(operation) \(path): \(String(cString: strerror(errno)))")
  }
}

// Outside the struct, where `write` is the C function.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, pointer, count)
}
