/// Text built as UTF-8 bytes and made a `String` once, at the end.
///
/// The debug log's writer builds every entry, diff and trace event from many small pieces. Appended to a
/// `String` one by one, each piece pays for the string's checks (its capacity, whether it stays ASCII);
/// appended here, a piece is a copy of its bytes.
struct TextBuffer {
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

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: Substring) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: utf8)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  mutating func append(_ byte: UInt8, count: Int) {
    guard count > 0 else { return }
    bytes.append(contentsOf: repeatElement(byte, count: count))
  }

  /// Appends `value` in decimal.
  mutating func append(_ value: UInt64) {
    guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
    append(value / 10)
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// Appends `value` in decimal, with its sign.
  mutating func append(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    append(UInt64(value.magnitude))
  }

  /// Appends `value` in decimal as exactly `width` digits, with leading zeros (for `value` below 10^width).
  mutating func append(_ value: Int, digits width: Int) {
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
    var rest = value
    var index = start + width - 1
    while index >= start, rest > 0 {
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      index -= 1
    }
  }
}
