/// JSON text built as UTF-8 bytes, by hand: the debug log's JSON formats need only objects of strings and
/// numbers, and the writer builds a great many of them, so each piece is appended with no intermediate
/// strings and strings are escaped byte by byte.
struct JSONBuffer {
  private var buffer: TextBuffer

  init(capacity: Int = 256) {
    buffer = TextBuffer(capacity: capacity)
  }

  var isEmpty: Bool { buffer.isEmpty }
  var count: Int { buffer.count }

  /// The text so far.
  var text: String { buffer.text }

  mutating func removeAll() {
    buffer.removeAll()
  }

  /// Appends JSON syntax, as it is.
  mutating func raw(_ text: StaticString) {
    buffer.append(text)
  }

  /// Appends text that needs no escaping, as it is.
  mutating func raw(_ text: String) {
    buffer.append(text)
  }

  mutating func number(_ value: Int) {
    buffer.append(value)
  }

  mutating func number(_ value: UInt64) {
    buffer.append(value)
  }

  /// Appends `text` as a JSON string literal: quoted, with quotes, backslashes and control characters
  /// escaped; everything else, multi-byte characters included, copied as it is.
  mutating func string(_ text: String) {
    buffer.append(byte: UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      // Runs of bytes that need no escaping, nearly all of any text, are copied whole.
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 else { continue }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        escape(byte)
        runStart = index + 1
      }
      buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    buffer.append(byte: UInt8(ascii: "\""))
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): raw("\\\"")
    case UInt8(ascii: "\\"): raw("\\\\")
    case UInt8(ascii: "\n"): raw("\\n")
    case UInt8(ascii: "\r"): raw("\\r")
    case UInt8(ascii: "\t"): raw("\\t")
    default:
      raw("\\u00")
      buffer.append(byte: Self.hex[Int(byte >> 4)])
      buffer.append(byte: Self.hex[Int(byte & 0xF)])
    }
  }

  /// `"key":"value"` after a comma, the usual field of an object already opened.
  mutating func field(_ key: StaticString, _ value: String) {
    raw(",\"")
    raw(key)
    raw("\":")
    string(value)
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
