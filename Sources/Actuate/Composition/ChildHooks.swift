/// The children's hooks a test chose to run: only those listed run, in every child whose hook type they
/// are. A store made without a choice runs every child's hooks.
package struct ChildHooks: Sendable {
  let hooks: [any Hashable & Sendable]

  package init(_ hooks: [any Hashable & Sendable]) {
    self.hooks = hooks
  }

  /// Whether `hook`, a child's hook, is one of those chosen. A hook type that is not `Hashable` cannot be
  /// listed, so none of its hooks is.
  func allows(_ hook: some Sendable) -> Bool {
    guard let hook = hook as? any Hashable else { return false }
    let wanted = AnyHashable(hook)
    return hooks.contains { AnyHashable($0) == wanted }
  }
}
