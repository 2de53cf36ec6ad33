#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How values go into a session file and come back: JSON, keys sorted so that equal values encode to equal
/// bytes (a replay compares states by their encoding), and ``Redacted`` values written as a marker, never in
/// clear.
package enum SessionCoding {
  /// The session format this build writes, and the newest it reads.
  package static let formatVersion = 1
  /// What a session file's header says it is.
  package static let formatName = "actuate-session"

  /// `value` as JSON, or `nil` if its type is not `Encodable`. `Void` encodes as `null`.
  package static func json(_ value: Any) throws -> String? {
    if value is Void { return "null" }
    guard let encodable = value as? any Encodable else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.userInfo[.recordsSession] = true
    return String(decoding: try encoder.encode(encodable), as: UTF8.self)
  }

  /// Decodes a `T` from the JSON `text`; throws if `T` is not `Decodable`, or the text is not one.
  package static func decode<T>(_ type: T.Type, from text: String) throws -> T {
    if let void = () as? T, T.self == Void.self { return void }
    guard let decodable = type as? any Decodable.Type else { throw NotDecodable(type: String(reflecting: type)) }
    let decoder = JSONDecoder()
    decoder.userInfo[.recordsSession] = true
    // Opened, so that the decoder sees the concrete type.
    func open<D: Decodable>(_ type: D.Type) throws -> Any { try decoder.decode(type, from: Data(text.utf8)) }
    guard let value = try open(decodable) as? T else { throw NotDecodable(type: String(reflecting: type)) }
    return value
  }

  /// Why decoding `json` failed, for a message that names the session's line.
  package static func describe(_ error: any Error, in json: String) -> String {
    String(describing: error)
  }

  /// A type the session cannot hold: it is not `Codable`.
  package struct NotDecodable: Error, CustomStringConvertible {
    package let type: String
    package var description: String { "\(type) is not Decodable" }
  }

  /// A JSON string literal holding `text`.
  static func quoted(_ text: String) -> String {
    (try? json(text)) ?? "\"\""
  }
}

extension CodingUserInfoKey {
  /// Set while a session is written or read: ``Redacted`` then encodes a marker instead of its value, and
  /// refuses to decode one.
  package static let recordsSession = CodingUserInfoKey(rawValue: "Actuate.recordsSession")!
}

/// What a session file holds in place of a ``Redacted`` value.
package enum RedactedMarker {
  package static let key = "actuateRedacted"

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  static func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(true, forKey: Key(stringValue: key))
  }

  /// Throws if `decoder` holds the marker: the value was never written, so a replay cannot have it.
  static func check(_ decoder: any Decoder) throws {
    guard let container = try? decoder.container(keyedBy: Key.self), container.contains(Key(stringValue: key))
    else { return }
    let path = decoder.codingPath.map(\.stringValue).joined(separator: ".")
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription:
          "the value at \(path.isEmpty ? "the top" : path) is Redacted, so the session holds a marker, not the value; a replay cannot reproduce it"
      ))
  }
}
