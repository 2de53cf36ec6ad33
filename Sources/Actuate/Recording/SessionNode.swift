/// One value of a session line as ``SessionEncoder`` built it: written out by `JSONEncoder`, so that its
/// leaves (numbers, strings, dates, data, URLs) read exactly as that encoder writes them, and a redacted
/// value as the marker.
final class SessionNode: Encodable {
  enum Kind {
    /// Nothing was encoded into it: written as `{}`, as `JSONEncoder` writes such a nested value.
    case empty
    case null
    case leaf
    /// A ``DebugRedacted`` value, never encoded.
    case redacted
    case array
    case object
  }

  // A class with a field per kind, not an enum with payloads: containers add to a node in place, and an
  // enum's array or dictionary would be copied on every addition.
  var kind = Kind.empty
  var leaf: (any Encodable)?
  var items: [SessionNode] = []
  var fields: [String: SessionNode] = [:]

  init(_ kind: Kind = .empty) {
    self.kind = kind
  }

  /// Becomes an object, unless it is one already: a type may ask for its keyed container twice.
  func makeObject() {
    guard kind != .object else { return }
    kind = .object
    fields = [:]
  }

  /// Becomes an array, unless it is one already.
  func makeArray() {
    guard kind != .array else { return }
    kind = .array
    items = []
  }

  func setLeaf(_ value: any Encodable) {
    kind = .leaf
    leaf = value
  }

  func encode(to encoder: any Encoder) throws {
    switch kind {
    case .empty:
      _ = encoder.container(keyedBy: FieldKey.self)
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .leaf:
      var container = encoder.singleValueContainer()
      // Opened, so that `JSONEncoder` sees the leaf's own type (it writes `Date`, `Data`, `URL` its own way).
      func put<T: Encodable>(_ value: T) throws { try container.encode(value) }
      if let leaf { try put(leaf) } else { try container.encodeNil() }
    case .redacted:
      try RedactedMarker.encode(to: encoder)
    case .array:
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object:
      var container = encoder.container(keyedBy: FieldKey.self)
      for (key, field) in fields { try container.encode(field, forKey: FieldKey(stringValue: key)) }
    }
  }

  /// The key of a field, whatever the type that encoded it called it.
  struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
