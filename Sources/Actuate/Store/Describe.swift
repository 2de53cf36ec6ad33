/// One line naming a value the way Swift code would: `.search("tabby")` for an enum case.
package func describe(_ value: Any) -> String {
  switch DescribedKind.of(value) {
  case .text: return String(reflecting: value)
  case .enumeration:
    let text = String(describing: value)
    return text.hasPrefix(".") ? text : "." + text
  case .other: return String(describing: value)
  }
}

/// How a type is described, worked out once per type: a debug log describes every action it logs, and
/// casting to three string types and building a `Mirror` only to read its display style cost more than
/// the description itself.
private enum DescribedKind {
  /// Strings and characters, quoted.
  case text
  /// An enum case, written with its leading dot.
  case enumeration
  case other

  private static let known = Locked<[ObjectIdentifier: DescribedKind]>([:])

  static func of(_ value: Any) -> DescribedKind {
    let key = ObjectIdentifier(type(of: value))
    if let kind = known.withLock({ $0[key] }) { return kind }
    let kind: DescribedKind =
      if value is String || value is Substring || value is Character {
        .text
      } else if Mirror(reflecting: value).displayStyle == .enum {
        .enumeration
      } else {
        .other
      }
    known.withLock { $0[key] = kind }
    return kind
  }
}
