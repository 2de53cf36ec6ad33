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

/// The descriptions of small trivial enum values (`.increment`, `.select(3)`), kept per value: printing one
/// walks the runtime's reflection of the enum each time, and such actions are the ones sent most often.
///
/// Only a trivial value of at most 16 bytes is kept, keyed by its bytes, which determine it: a plain enum
/// prints the same for the same value, since it prints itself no other way. A type keeps at most 256
/// values and starts over when it has more, so a payload that never repeats costs a bounded table.
private enum CaseDescriptions {
  private struct Bytes: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0
  }

  private static let limit = 256
  private static let known = Locked<[ObjectIdentifier: [Bytes: String]]>([:])

  static func known(_ value: Any) -> String? {
    guard let bytes = bytes(of: value) else { return nil }
    let type = ObjectIdentifier(Swift.type(of: value))
    return known.withLock { $0[type]?[bytes] }
  }

  static func remember(_ description: String, for value: Any) {
    guard let bytes = bytes(of: value) else { return }
    let type = ObjectIdentifier(Swift.type(of: value))
    known.withLock { known in
      if known[type, default: [:]].count >= limit { known[type] = [:] }
      known[type, default: [:]][bytes] = description
    }
  }

  private static func bytes<Value>(of value: Value) -> Bytes? {
    guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<Bytes>.size else { return nil }
    var bytes = Bytes()
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &bytes) { $0.copyMemory(from: source) }
    }
    return bytes
  }
}
