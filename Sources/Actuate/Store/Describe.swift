/// One line naming a value the way Swift code would: `.search("tabby")` for an enum case.
package func describe(_ value: Any) -> String {
  switch DescribedKind.of(value) {
  case .redacted: return Redaction.placeholder
  case .text: return String(reflecting: value)
  case .enumeration(plain: true): return CaseDescriptions.description(of: value) { caseText(value) }
  case .enumeration(plain: false): return caseText(value)
  case .other: return String(describing: value)
  }
}

/// An enum case, with its leading dot.
private func caseText(_ value: Any) -> String {
  let text = String(describing: value)
  return text.hasPrefix(".") ? text : "." + text
}

/// How a type is described, worked out once per type: a debug log describes every action it logs, and
/// casting to three string types and building a `Mirror` only to read its display style costs more than
/// the description itself.
private enum DescribedKind {
  /// A ``DebugRedacted`` value, never shown: whatever descriptions its type was given, it prints `<redacted>`.
  case redacted
  /// Strings and characters, quoted.
  case text
  /// An enum case, written with its leading dot; `plain` when the type prints itself the default way.
  case enumeration(plain: Bool)
  case other

  private static let known = TypeCache<DescribedKind>()

  static func of(_ value: Any) -> DescribedKind {
    known.fact(for: value) { value in
      if value is any DebugRedacted { return .redacted }
      if value is String || value is Substring || value is Character { return .text }
      guard Mirror(reflecting: value).displayStyle == .enum else { return .other }
      return .enumeration(
        plain:
          !(value is any CustomStringConvertible || value is any CustomDebugStringConvertible
          || value is any TextOutputStreamable))
    }
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

  /// The description of `value`, made by `make` unless a value with the same bytes was described before.
  static func description(of value: Any, make: () -> String) -> String {
    guard let bytes = bytes(of: value) else { return make() }
    let type = ObjectIdentifier(Swift.type(of: value))
    if let known = known.withLock({ $0[type]?[bytes] }) { return known }
    let description = make()
    known.withLock { known in
      if known[type, default: [:]].count >= limit { known[type] = [:] }
      known[type, default: [:]][bytes] = description
    }
    return description
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
