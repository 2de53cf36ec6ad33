#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to file descriptor 2 in one call, so concurrent lines do not interleave.
enum StandardError {
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = unistd_write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}

// Outside the enum, where `write` is the C function and not `StandardError.write`.
// swift-format-ignore: AlwaysUseLowerCamelCase
private func unistd_write(_ fd: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
  write(fd, pointer, count)
}
