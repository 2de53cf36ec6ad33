/// Equality for values that are not `Equatable`, decided by walking their mirrors instead of
/// rendering and comparing their dumps, which would allocate text for every element.
struct ReflectiveEquality {
  private struct InstancePair: Hashable {
    var old: ObjectIdentifier
    var new: ObjectIdentifier
  }

  private var visiting: Set<InstancePair> = []

  mutating func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let equal = EquatableValues.areEqual(lhs, rhs) { return equal }
    let lhs = ValueClassifier.unwrapped(lhs)
    let rhs = ValueClassifier.unwrapped(rhs)
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let equal = EquatableValues.areEqual(lhs, rhs) { return equal }
    let lhsMirror = Mirror(reflecting: lhs)
    let rhsMirror = Mirror(reflecting: rhs)
    switch lhsMirror.displayStyle {
    case .dictionary?, .set?:
      // Iteration order of hashed collections is not meaningful; compare their stable dumps.
      return ValueDumper.sortKey(lhs) == ValueDumper.sortKey(rhs)
    case .class?:
      let pair = InstancePair(old: ObjectIdentifier(lhs as AnyObject), new: ObjectIdentifier(rhs as AnyObject))
      if pair.old == pair.new || visiting.contains(pair) { return true }
      visiting.insert(pair)
      defer { visiting.remove(pair) }
      return childrenEqual(lhsMirror, rhsMirror)
    default:
      if lhsMirror.children.isEmpty, rhsMirror.children.isEmpty {
        if let lhs = lhs as? any RedactedStorage, let rhs = rhs as? any RedactedStorage {
          // Its mirror hides what it holds, and its descriptions are all alike.
          return areEqual(lhs.storedValue, rhs.storedValue)
        }
        return ValueClassifier.customDescription(of: lhs) == ValueClassifier.customDescription(of: rhs)
          && String(describing: lhs) == String(describing: rhs)
      }
      return childrenEqual(lhsMirror, rhsMirror)
    }
  }

  private mutating func childrenEqual(_ lhs: Mirror, _ rhs: Mirror) -> Bool {
    let lhsChildren = lhs.children.makeIterator()
    let rhsChildren = rhs.children.makeIterator()
    while true {
      switch (lhsChildren.next(), rhsChildren.next()) {
      case (nil, nil):
        break
      case (let left?, let right?):
        guard left.label == right.label, areEqual(left.value, right.value) else { return false }
        continue
      default:
        return false
      }
      break
    }
    switch (lhs.superclassMirror, rhs.superclassMirror) {
    case (let left?, let right?): return childrenEqual(left, right)
    case (nil, nil): return true
    default: return false
    }
  }
}
