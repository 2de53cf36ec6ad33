/// A type-erased cancel identifier.
///
/// The dynamic type takes part in equality, so `1 as Int` and `1 as UInt8` (equal as `AnyHashable`) name
/// different work, and a private identifier type cannot collide with anything outside its file.
///
/// It holds the identifier as an existential, not an `AnyHashable`: `AnyHashable`'s `==` looks up
/// `Optional<ID>`'s metadata on every comparison (through a locked table on Linux), and the scheduler
/// compares identifiers several times for each action it takes.
@usableFromInline
struct CancelID: Hashable, Sendable, CustomStringConvertible {
  private let base: any Hashable & Sendable
  private let type: ObjectIdentifier

  init(_ id: some Hashable & Sendable) {
    if let existing = id as? CancelID {
      self = existing
    } else {
      base = id
      type = ObjectIdentifier(Swift.type(of: id))
    }
  }

  @usableFromInline
  static func == (lhs: CancelID, rhs: CancelID) -> Bool {
    lhs.type == rhs.type && lhs.base.isEqual(to: rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    base.hash(into: &hasher)
  }

  /// The identifier itself, if it is of type `ID` (exactly: not a subclass, not a bridged type).
  func value<ID: Hashable>(as _: ID.Type) -> ID? {
    guard type == ObjectIdentifier(ID.self) else { return nil }
    return base as? ID
  }

  /// A test of identifiers: those of type `ID` for which `isMatch` is true.
  static func matching<ID: Hashable & Sendable>(
    _: ID.Type, _ isMatch: @escaping @Sendable (ID) -> Bool
  ) -> @Sendable (CancelID) -> Bool {
    { id in id.value(as: ID.self).map(isMatch) ?? false }
  }

  /// The child scope this identifier was made in, if a child's.
  var childScope: ChildScope? { base as? ChildScope }

  @usableFromInline
  var description: String {
    if let string = base as? String { return "\"\(string)\"" }
    return String(describing: base)
  }
}

extension Hashable {
  /// Whether `other` holds a value of this one's type equal to it.
  fileprivate func isEqual<Other: Hashable>(to other: Other) -> Bool {
    // Comparing the types first spares the dynamic cast, which looks up `Optional<Self>`'s metadata.
    if Other.self == Self.self { return self == unsafeBitCast(other, to: Self.self) }
    return isEqual(castingFrom: other)
  }

  /// A class identifier erased once as its own class and once as a superclass. Kept out of line, so
  /// the common case never makes room for an `Optional<Self>`.
  @inline(never)
  private func isEqual(castingFrom other: some Hashable) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
