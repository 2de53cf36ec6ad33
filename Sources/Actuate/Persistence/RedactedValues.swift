/// Whether a ``Redacted`` value in the persisted state may be written to storage.
///
/// ``Redacted`` keeps a value out of logs; persistence keeps it out of storage too unless the app says
/// otherwise, since a file or a table may be read by more people, and kept longer, than the app means.
public enum RedactedValues: Sendable {
  /// A state holding a ``Redacted`` value is not saved: the store warns once, naming the property, and
  /// ``Store/waitUntilSaved()`` throws. Leave the value out of what persists (`persisting:`), or opt in.
  case refused
  /// ``Redacted`` values are written as they are, in clear.
  case writtenInClear
}

extension CodingUserInfoKey {
  /// Set while the persisted state is encoded and ``Redacted`` values are refused: `Redacted` then throws
  /// rather than encode its value.
  static let refusesRedacted = CodingUserInfoKey(rawValue: "Actuate.refusesRedacted")!
}
