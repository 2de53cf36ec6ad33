#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How values go into a session file and come back: JSON, keys sorted so that equal values encode to equal
/// bytes (a replay compares states by their encoding), and ``DebugRedacted`` values (``Redacted`` among
/// them) written as a marker, never in clear.
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
    // Most values hold no redacted one: looking costs less than building the tree that replaces it.
    let written: any Encodable =
      try SessionEncoder.holdsRedacted(encodable) ? SessionEncoder.tree(of: encodable) : encodable
    return String(decoding: try encoder.encode(written), as: UTF8.self)
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

  /// Why `what` (`the action .signIn`) in a session could not be decoded from `json` as `type`, and what to
  /// do: a value that holds redacted ones is named with where they are, since no change to the code
  /// brings them back.
  package static func decodingFailure(of what: String, as type: Any.Type, from json: String, error: any Error)
    -> String
  {
    let paths = RedactedMarker.paths(in: json)
    guard paths.isEmpty else {
      let places = paths.map { $0.isEmpty ? "the value itself" : $0 }.joined(separator: ", ")
      return
        "\(what) holds a Redacted or DebugRedacted value (at \(places)): the session has a marker in its place, never the value, so a replay cannot have it. Keep redacted values out of what a replay must decode (the initial state, actions sent from outside, hook elements, recorded answers)."
    }
    return
      "\(what) no longer decodes as \(String(reflecting: type)): \(error). The type changed since the recording: record a new session."
  }

  /// What made a change, as a session's `change` line names it, and a replay compares.
  package static func describe<I: Interactor>(_ cause: StoreCause<I>) -> String {
    switch cause {
    case .action(let action, _): Actuate.describe(action)
    case .hook(let hook): "hook \(Actuate.describe(hook))"
    case .childHook(let hook): "\(hook)"
    case .cancellation(let action, _, let reason): "the cleanup of \(Actuate.describe(action)) (\(reason))"
    case .unknown: "code outside any handler or hook"
    }
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
