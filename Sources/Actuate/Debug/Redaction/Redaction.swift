/// What the debug log prints for a value it must not show, and how it still tells that one changed.
enum Redaction {
  /// Printed for every ``DebugRedacted`` value, ``Redacted`` included.
  static let placeholder = "<redacted>"

  /// Whether two redacted values of one type are equal, found without printing either: by `==` when the type
  /// is `Equatable`, otherwise by comparing what they hold, field by field.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    var equality = ReflectiveEquality()
    return equality.areEqual(lhs, rhs)
  }
}

/// ``Redacted``, whose `Mirror` hides what it holds, gives it to the debug log alone, to compare and never to
/// print. Its storage as a property wrapper is named after the property, with a leading underscore that the
/// log drops.
protocol RedactedStorage {
  var storedValue: Any { get }
}
