/// Strings print as valid Swift literals so a dump can be pasted back into code or a test.
enum StringLiteral {
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  static func isMultiline(_ text: String) -> Bool {
    text.utf8.contains(UInt8(ascii: "\n"))
  }

  static func blockLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { blockLine(String($0)) }
  }

  /// Inside `"""` only backslashes, carriage returns and a closing delimiter need escaping.
  static func blockLine(_ line: String) -> String {
    var result = ""
    var quoteRun = 0
    for scalar in line.unicodeScalars {
      if scalar == "\"" {
        quoteRun += 1
        if quoteRun == 3 {
          result += "\\\"\"\""
          quoteRun = 0
        }
        continue
      }
      result += String(repeating: "\"", count: quoteRun)
      quoteRun = 0
      switch scalar {
      case "\\": result += "\\\\"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + String(repeating: "\"", count: quoteRun)
  }
}
