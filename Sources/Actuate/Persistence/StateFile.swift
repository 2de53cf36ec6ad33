/// The layout of a state file: one header line, then the encoded state.
///
/// ```
/// actuate-state format 1 version 3 bytes 118 fnv1a64 5f0e2c1d9a4b7e63
/// {"draft":{"title":"Groceries", … }}
/// ```
///
/// The header says how many bytes follow and what they hash to, so a file cut short or damaged is told
/// from a whole one however its bytes happen to parse. The state stays readable text for whoever opens it.
enum StateFile {
  private static var magic: String { "actuate-state" }
  private static var format: Int { 1 }

  /// The file's bytes for `state`.
  static func bytes(of state: StoredState) -> [UInt8] {
    let header =
      "\(magic) format \(format) version \(state.version) bytes \(state.bytes.count) fnv1a64 \(hex(checksum(state.bytes)))\n"
    return Array(header.utf8) + state.bytes
  }

  /// The state in a file's `bytes`, or why they are not a whole state file.
  static func state(in bytes: [UInt8]) throws(PersistenceError) -> StoredState {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
      throw .unreadable(bytes.isEmpty ? "the file is empty" : "the file has no header line")
    }
    let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
    guard fields.count == 9, fields[0] == magic, fields[1] == "format", fields[3] == "version",
      fields[5] == "bytes", fields[7] == "fnv1a64", let version = Int(fields[4]), let count = Int(fields[6]),
      let sum = UInt64(fields[8], radix: 16)
    else { throw .unreadable("its first line is not an Actuate state header") }
    guard fields[2] == String(format) else {
      throw .unreadable("it is in file format \(fields[2]), which this version of Actuate does not read")
    }
    let body = Array(bytes[(newline + 1)...])
    guard body.count == count else {
      throw .unreadable("its header announces \(count) bytes of state, and \(body.count) follow")
    }
    guard checksum(body) == sum else { throw .unreadable("its state does not match the header's checksum") }
    return StoredState(version: version, bytes: body)
  }

  /// FNV-1a, 64 bits: enough to tell a damaged file, not meant to resist anyone forging one.
  static func checksum(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
