/// One line naming a value the way Swift code would: `.search("tabby")` for an enum case.
package func describe(_ value: Any) -> String {
  switch DescribedKind.of(value) {
  case .text: return String(reflecting: value)
  case .enumeration(let plain):
    if plain, let known = CaseDescriptions.known(value) { return known }
    let text = String(describing: value)
    let described = text.hasPrefix(".") ? text : "." + text
    if plain { CaseDescriptions.remember(described, for: value) }
    return described
  case .other: return String(describing: value)
  }
}

/// How a type is described, worked out once per type: a debug log describes every action it logs, and
/// casting to three string types and building a `Mirror` only to read its display style cost more than
/// the description itself.
private enum DescribedKind {
  /// Strings and characters, quoted.
  case text
  /// An enum case, written with its leading dot; `plain` when the type prints itself the default way.
  case enumeration(plain: Bool)
  case other

  private static let known = Locked<[ObjectIdentifier: DescribedKind]>([:])

  static func of(_ value: Any) -> DescribedKind {
    let key = ObjectIdentifier(type(of: value))
    if let kind = known.withLock({ $0[key] }) { return kind }
    let kind: DescribedKind =
      if value is String || value is Substring || value is Character {
        .text
      } else if Mirror(reflecting: value).displayStyle == .enum {
        .enumeration(
          plain: !(value is any CustomStringConvertible || value is any CustomDebugStringConvertible
            || value is any TextOutputStreamable))
      } else {
        .other
      }
    known.withLock { $0[key] = kind }
    return kind
  }
}

/// The descriptions of cases without payloads (`.increment`, `.tapped`), kept per case: printing one walks
/// the runtime's reflection of the enum each time, and such actions are the ones sent most often.
///
/// Only a trivial value of at most one byte is kept, so its byte names the case and the cache holds at most
/// 256 entries per type; a plain enum prints the same for the same case, since it prints itself no other way.
private enum CaseDescriptions {
  private struct Key: Hashable {
    let type: ObjectIdentifier
    let tag: UInt16
  }

  private static let known = Locked<[Key: String]>([:])

  static func known(_ value: Any) -> String? {
    guard let key = key(for: value) else { return nil }
    return known.withLock { $0[key] }
  }

  static func remember(_ description: String, for value: Any) {
    guard let key = key(for: value) else { return }
    known.withLock { $0[key] = description }
  }

  private static func key(for value: Any) -> Key? {
    tag(of: value).map { Key(type: ObjectIdentifier(type(of: value)), tag: $0) }
  }

  private static func tag<Value>(of value: Value) -> UInt16? {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= 1 else { return nil }
    if MemoryLayout<Value>.size == 0 { return 256 }
    return withUnsafeBytes(of: value) { UInt16($0[0]) }
  }
}
