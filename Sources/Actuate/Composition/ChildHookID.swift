/// Which hook of which child ran, as its root tells it: the child's interactor type and the hook's value,
/// so that a test names the hook by its value and its interactor's type, and the child's name for a log.
package struct ChildHookID: Sendable, CustomStringConvertible {
  /// The child's name, after its parents' names if any: `TodoInteractor[id: 3]`.
  private let child: String
  private let interactor: ObjectIdentifier
  private let hook: any Sendable

  init<C: Interactor>(_ hook: C.Hook, of _: C.Type, child: String) {
    self.child = child
    interactor = ObjectIdentifier(C.self)
    self.hook = hook
  }

  /// `TodoInteractor[id: 3] hook .saves`.
  package var description: String { "\(child) hook \(describe(hook))" }

  /// Whether this is `hook` of a child of type `C`, at any depth. Hooks of a type that is not `Equatable`
  /// are told apart by their descriptions.
  package func matches<C: Interactor>(_ hook: C.Hook, of _: C.Type) -> Bool {
    guard interactor == ObjectIdentifier(C.self), let own = self.hook as? C.Hook else { return false }
    guard let equal = EquatableValues.equality(for: C.Hook.self) else { return describe(own) == describe(hook) }
    return equal(own, hook)
  }
}
