/// The record of one running hook.
package final class HookRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  let hook: I.Hook
  /// For a child's hook, which child's, as the root tells it.
  package let child: ChildHookID?

  init(number: UInt64, owner: some TaskOwner, hook: I.Hook, child: String?) {
    self.hook = hook
    self.child = child.map { ChildHookID(hook, of: I.self, child: $0) }
    super.init(number: number, owner: ObjectIdentifier(owner), home: owner.home)
  }
}
