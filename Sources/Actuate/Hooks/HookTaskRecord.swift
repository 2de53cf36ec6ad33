/// A hook's task record, as code outside the store's generic context names it: a test clock tells a hook's
/// sleep from an action's, and a failure names the hook.
package protocol HookTaskRecord: TaskRecord {
  /// The hook, as a log line names it: `hook .queryTyped`, or a child's `TodoInteractor[id: 3] hook .saves`.
  var hookDescription: String { get }
  /// For a child's hook, which child's, as the root tells it; `nil` for the root's own.
  var child: ChildHookID? { get }
}

extension HookRecord: HookTaskRecord {
  package var hookDescription: String { child?.description ?? "hook \(describe(hook))" }
}
