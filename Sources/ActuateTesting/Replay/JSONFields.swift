#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The top-level fields of a JSON object on one line, each as its raw JSON text. A replay reads a session
/// this way, in one pass, without building its values: it compares states and inputs as text, since the
/// recording wrote them with the same encoder and sorted keys, and decodes only what it sends or shows.
struct JSONFields {
  private let fields: [String: Substring]

  /// Scans `line`; `nil` if it is not one whole JSON object (cut short, or not JSON).
  init?(_ line: Substring) {
    var scanner = Scanner(text: line)
    guard let fields = scanner.object() else { return nil }
    self.fields = fields
  }

  /// A field's raw JSON text.
  subscript(raw key: String) -> Substring? { fields[key] }

  func string(_ key: String) -> String? {
    guard let raw = fields[key], raw.first == "\"" else { return nil }
    if !raw.contains("\\") { return String(raw.dropFirst().dropLast()) }
    return try? JSONDecoder().decode(String.self, from: Data(raw.utf8))
  }

  func int(_ key: String) -> Int? { fields[key].flatMap { Int($0) } }

  func bool(_ key: String) -> Bool? {
    switch fields[key] {
    case "true": true
    case "false": false
    default: nil
    }
  }

  /// Two values' JSON texts mean the same: equal text, or, for text written some other way, equal values.
  static func same(_ one: some StringProtocol, _ other: some StringProtocol) -> Bool {
    if one == other { return true }
    guard let first = JSONValue(parsing: one), let second = JSONValue(parsing: other) else { return false }
    return first == second
  }

  /// Works on the line's bytes: every character it looks for is ASCII, and bytes of other characters
  /// never equal one.
  private struct Scanner {
    let text: Substring
    let bytes: Substring.UTF8View
    var index: Substring.Index

    init(text: Substring) {
      self.text = text
      bytes = text.utf8
      index = bytes.startIndex
    }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    private static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    private var current: UInt8? { index < bytes.endIndex ? bytes[index] : nil }

    private mutating func advance() { index = bytes.index(after: index) }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    private mutating func skipSpace() {
      while let byte = current, Self.isSpace(byte) { advance() }
    }

    mutating func object() -> [String: Substring]? {
      skipSpace()
      guard current == Self.openBrace else { return nil }
      advance()
      var fields: [String: Substring] = [:]
      skipSpace()
      if current == Self.closeBrace {
        advance()
        return atEnd() ? fields : nil
      }
      while true {
        skipSpace()
        let keyStart = index
        guard current == Self.quote, skipString() else { return nil }
        let rawKey = text[keyStart..<index]
        skipSpace()
        guard current == Self.colon else { return nil }
        advance()
        skipSpace()
        let valueStart = index
        guard skipValue() else { return nil }
        let key =
          rawKey.contains("\\")
          ? (try? JSONDecoder().decode(String.self, from: Data(rawKey.utf8))) ?? ""
          : String(rawKey.dropFirst().dropLast())
        fields[key] = text[valueStart..<index]
        skipSpace()
        if current == Self.comma {
          advance()
          continue
        }
        guard current == Self.closeBrace else { return nil }
        advance()
        return atEnd() ? fields : nil
      }
    }

    private mutating func atEnd() -> Bool {
      skipSpace()
      return current == nil
    }

    /// Skips a string, from its opening quote to past its closing one.
    private mutating func skipString() -> Bool {
      advance()
      while let byte = current {
        advance()
        if byte == Self.backslash {
          guard current != nil else { return false }
          advance()
        } else if byte == Self.quote {
          return true
        }
      }
      return false
    }

    /// Skips one value: a string, an object or array with all it holds, or a number, `true`, `false`, `null`.
    private mutating func skipValue() -> Bool {
      guard let first = current else { return false }
      if first == Self.quote { return skipString() }
      if first == Self.openBrace || first == Self.openBracket {
        var depth = 0
        while let byte = current {
          if byte == Self.quote {
            guard skipString() else { return false }
            continue
          }
          advance()
          if byte == Self.openBrace || byte == Self.openBracket { depth += 1 }
          if byte == Self.closeBrace || byte == Self.closeBracket {
            depth -= 1
            if depth == 0 { return true }
          }
        }
        return false
      }
      let start = index
      while let byte = current, byte != Self.comma, byte != Self.closeBrace, byte != Self.closeBracket,
        !Self.isSpace(byte)
      {
        advance()
      }
      return index > start
    }
  }
}
