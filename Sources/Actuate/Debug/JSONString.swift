/// JSON string literals, written by hand: the debug log's JSON formats need nothing more, and Foundation's
/// encoder would cost an allocation per field on the writer.
enum JSONString {
  /// `text` quoted, with quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    appendEscaped(text, to: &result)
    result.append("\"")
    return result
  }

  static func appendEscaped(_ text: String, to result: inout String) {
    var plain = true
    for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      plain = false
      break
    }
    guard !plain else { return result.append(text) }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result.append("\\\"")
      case "\\": result.append("\\\\")
      case "\n": result.append("\\n")
      case "\r": result.append("\\r")
      case "\t": result.append("\\t")
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: result.unicodeScalars.append(scalar)
      }
    }
  }
}
