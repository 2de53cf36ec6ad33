/// JSON text built as UTF-8 bytes, by hand: the debug log's JSON formats need only objects of strings and
/// numbers, and the writer builds a great many of them, so each piece is appended with no intermediate
/// strings and strings are escaped byte by byte.
struct JSONBuffer {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 256) {
    bytes.reserveCapacity(capacity)
  }

  var isEmpty: Bool { bytes.isEmpty }
  var count: Int { bytes.count }

  /// The text so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends JSON syntax, as it is.
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends text that needs no escaping, as it is.
  mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func number(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      return number(UInt64(value.magnitude))
    }
    number(UInt64(value))
  }

  mutating func number(_ value: UInt64) {
    guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
    number(value / 10)
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// Appends `text` as a JSON string literal: quoted, with quotes, backslashes and control characters
  /// escaped; everything else, multi-byte characters included, copied as it is.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\r"): raw("\\r")
      case UInt8(ascii: "\t"): raw("\\t")
      case 0..<0x20:
        raw("\\u00")
        bytes.append(Self.hex[Int(byte >> 4)])
        bytes.append(Self.hex[Int(byte & 0xF)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
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
