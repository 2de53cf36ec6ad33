/// A type-erased cancel identifier.
///
/// The dynamic type takes part in equality, so `1 as Int` and `1 as UInt8` (equal as `AnyHashable`) name
/// different work, and a private identifier type cannot collide with anything outside its file.
@usableFromInline
struct CancelID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Safe: only ever built from `Hashable & Sendable` values, and never mutated.
  private let base: AnyHashable
  private let type: ObjectIdentifier

  init(_ id: some Hashable & Sendable) {
    if let existing = id as? CancelID {
      self = existing
    } else {
      base = AnyHashable(id)
      type = ObjectIdentifier(Swift.type(of: id))
    }
  }

  /// The identifier itself, if it is of type `ID` (exactly: not a subclass, not a bridged type).
  func value<ID: Hashable>(as _: ID.Type) -> ID? {
    guard type == ObjectIdentifier(ID.self) else { return nil }
    return base.base as? ID
  }

  /// A test of identifiers: those of type `ID` for which `isMatch` is true.
  static func matching<ID: Hashable & Sendable>(
    _: ID.Type, _ isMatch: @escaping @Sendable (ID) -> Bool
  ) -> @Sendable (CancelID) -> Bool {
    { id in id.value(as: ID.self).map(isMatch) ?? false }
  }

  /// The child scope this identifier was made in, if a child's.
  var childScope: ChildScope? { base.base as? ChildScope }

  @usableFromInline
  var description: String {
    if let string = base.base as? String { return "\"\(string)\"" }
    return String(describing: base.base)
  }
}
