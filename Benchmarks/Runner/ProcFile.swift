#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes the small files under /proc, which report a size of zero and must be read to the end.
enum ProcFile {
  static func read(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func write(_ path: String, _ text: String) -> Bool {
    let descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) } == bytes.count
  }
}

// Outside the enum, where `read` and `write` name the system calls rather than the methods above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
