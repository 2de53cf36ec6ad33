/// A value the debug log never shows: wherever it would print it, in an action, a state dump or a diff, and so
/// in every entry, JSON line, trace and custom sink, it prints `<redacted>` instead.
///
/// Wrap a password, a token or personal data in it, as a property wrapper on a field or as the type of a
/// value, an enum case's payload among them:
///
/// ```swift
/// struct State: Equatable, Sendable {
///   var email = ""
///   @Redacted var password = ""
///   var token: Redacted<String>?
/// }
///
/// enum Action: Equatable, Sendable {
///   case signIn(email: String, password: Redacted<String>)
/// }
/// ```
///
/// The log then shows `password: <redacted>` (under the property's own name, not its storage's `_password`)
/// and `.signIn(email: "ada@example.com", password: <redacted>)`. A diff still says that a redacted value
/// changed, without showing either value: `- password: <redacted>` and `+ password: <redacted>`. It tells by
/// `==` when `Value` is `Equatable`, otherwise by comparing the values' fields.
///
/// Its `description`, `debugDescription` and `customMirror` hide the value too, so that `print`, string
/// interpolation and `dump(_:)` show `<redacted>`. Swift's own description of a struct names a wrapped
/// field by its storage, `_password: <redacted>`; adopt ``RedactedFields`` in a state you print to show
/// `password: <redacted>`. Its `Encodable` and `Decodable` conformances encode the value
/// itself, as if it were not wrapped: redaction keeps a value out of logs, not out of what the program sends
/// on purpose. A store's persistence refuses to write it unless told to (``RedactedValues``).
@propertyWrapper
public struct Redacted<Value> {
  /// The value itself, for the code that uses it.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`, as a property declared `@Redacted var password = ""` does.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Wraps `value`.
  public init(_ value: Value) {
    wrappedValue = value
  }
}

extension Redacted: Sendable where Value: Sendable {}

extension Redacted: Equatable where Value: Equatable {}

extension Redacted: Hashable where Value: Hashable {}

extension Redacted: DebugRedacted {}

extension Redacted: CustomReflectable {
  /// A mirror without children, so that tools that walk mirrors never reach the value.
  public var customMirror: Mirror {
    Mirror(self, children: [:])
  }
}

extension Redacted: Encodable where Value: Encodable {
  /// Encodes the value itself, as if it were not wrapped; throws instead while a store's persistence
  /// encodes a state that refuses redacted values (``RedactedValues/refused``), and writes a marker
  /// instead into a recorded session.
  public func encode(to encoder: any Encoder) throws {
    if encoder.userInfo[.refusesRedacted] as? Bool == true {
      throw PersistenceError.redactedValue(at: encoder.codingPath.map(\.stringValue).joined(separator: "."))
    }
    if encoder.userInfo[.recordsSession] as? Bool == true { return try RedactedMarker.encode(to: encoder) }
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension Redacted: Decodable where Value: Decodable {
  /// Decodes the value itself, as it was encoded without the wrapper.
  public init(from decoder: any Decoder) throws {
    if decoder.userInfo[.recordsSession] as? Bool == true { try RedactedMarker.check(decoder) }
    wrappedValue = try decoder.singleValueContainer().decode(Value.self)
  }
}

extension Redacted: RedactedStorage {
  var storedValue: Any { wrappedValue }
}
