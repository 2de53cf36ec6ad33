/// The record of one running hook.
package final class HookRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  let hook: I.Hook
  /// For a child's hook, which child's, as the root tells it.
  package let child: ChildHookID?
  /// Whether the hook's sequence subscribed to this store's own values: its elements then come from the
  /// store, so a recorded session leaves them out and a replay makes them again. On the store's executor only.
  var takesStoreValues = false

  init(number: UInt64, owner: some TaskOwner, hook: I.Hook, child: String?) {
    self.hook = hook
    self.child = child.map { ChildHookID(hook, of: I.self, child: $0) }
    super.init(number: number, owner: ObjectIdentifier(owner), home: owner.home)
  }
}
