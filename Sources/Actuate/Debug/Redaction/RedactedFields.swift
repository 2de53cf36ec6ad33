/// A struct or class whose `description` names every field as its declaration does, a field wrapped in
/// ``Redacted`` included: `print(state)` shows `State(email: "ada@example.com", apiKey: <redacted>)`.
///
/// Swift's own description of a struct names each stored property, and a property wrapper's stored
/// property is its storage, `_apiKey`; no library can change that for a type that does not ask. Adopt this
/// protocol in a type with `@Redacted` fields that you print yourself:
///
/// ```swift
/// struct Settings: Equatable, Sendable, RedactedFields {
///   var email = ""
///   @Redacted var apiKey = ""
/// }
/// ```
///
/// The description is otherwise the one Swift gives: the type's name, then each stored property with its
/// value as `debugPrint` writes it (a string quoted, a ``Redacted`` value as `<redacted>`). The debug log
/// needs no conformance: its entries, dumps and diffs always name a wrapped field by its property.
public protocol RedactedFields: CustomStringConvertible {}

extension RedactedFields {
  /// The type's name and each stored property's name and value, a ``Redacted`` storage's `_apiKey` shown as
  /// `apiKey`.
  public var description: String {
    let fields = Mirror(reflecting: self).children.map { child in
      let value = String(reflecting: child.value)
      guard var label = child.label else { return value }
      if child.value is any RedactedStorage, label.hasPrefix("_") { label.removeFirst() }
      return "\(label): \(value)"
    }
    return "\(type(of: self))(\(fields.joined(separator: ", ")))"
  }
}
