/// One line naming a value the way Swift code would: `.search("tabby")` for an enum case.
package func describe(_ value: Any) -> String {
  if value is String || value is Substring || value is Character { return String(reflecting: value) }
  let text = String(describing: value)
  if !text.hasPrefix("."), EnumTypes.contains(type(of: value), example: value) { return "." + text }
  return text
}

/// Which types are enums, asked once per type: a debug log describes every action it logs, and building a
/// `Mirror` only to read its display style cost more than the description itself.
private enum EnumTypes {
  private static let known = Locked<[ObjectIdentifier: Bool]>([:])

  static func contains(_ type: Any.Type, example value: Any) -> Bool {
    let key = ObjectIdentifier(type)
    if let isEnum = known.withLock({ $0[key] }) { return isEnum }
    let isEnum = Mirror(reflecting: value).displayStyle == .enum
    known.withLock { $0[key] = isEnum }
    return isEnum
  }
}
