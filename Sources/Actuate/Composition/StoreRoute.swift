/// Where a store's own code sends, cancels, numbers its hooks and reports them: a root store carries these
/// out itself (``OwnRoute``), a child store through its root (``RootedLink``). With the state accessors,
/// which write a child's state in place in its root's, this is where root and child differ.
///
/// Every member runs on the store's executor, which a child shares with its root.
protocol StoreRoute<Member>: Sendable {
  associatedtype Member: Interactor

  /// The store that owns the hooks' tasks: the root.
  var root: any TaskOwner { get }
  /// For a child, its name, which its hooks' records carry; `nil` for a root.
  var childName: String? { get }
  /// The next task number of the root.
  func nextNumber() -> UInt64
  /// A send of the running code: for a child, the parent action that carries `action`, sent through the
  /// root.
  func send(_ action: Member.Action) -> ActionTask
  /// Cancels the store's work under `id`.
  func cancel(id: CancelID)
  /// Cancels the store's work under every identifier of its own that matches.
  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool)
  /// Cancels everything the children with these numbers run.
  func cancelNodes(_ nodes: Set<UInt64>)
  /// Runs a hook element's code as one stretch of the root's: its writes become one change.
  func withBoundary(_ body: () -> Void)
  /// Counts a hook's element and tells the root's observers.
  func hookDelivered(_ record: HookRecord<Member>, element: @autoclosure () -> String)
  /// Tells the root's observers that a hook ended, with the error it threw if any.
  func hookEnded(_ record: HookRecord<Member>, error: String?)
}
