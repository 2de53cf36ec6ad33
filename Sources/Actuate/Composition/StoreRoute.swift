/// Where a store's own code sends, cancels, numbers its hooks and reports them: a root store carries these
/// out itself (``OwnRoute``), a child store through its root (``RootedLink``). With the state accessors,
/// which write a child's state in place in its root's, this is where root and child differ.
///
/// Each member is handed the store whose code calls it, on that store's executor, which a child shares
/// with its root: a root's route acts on it directly, and holds nothing.
protocol StoreRoute<Member>: Sendable {
  associatedtype Member: Interactor

  /// For a child, its name, which its hooks' records carry; `nil` for a root.
  var childName: String? { get }
  /// The store that owns `store`'s hooks' tasks: the root.
  func owner(of store: StoreActor<Member>) -> any TaskOwner
  /// The next task number of the root.
  func nextNumber(for store: isolated StoreActor<Member>) -> UInt64
  /// A send of the running code: for a child, the parent action that carries `action`, sent through the
  /// root.
  func send(_ action: Member.Action, from store: isolated StoreActor<Member>) -> ActionTask
  /// Cancels the store's work under `id`.
  func cancel(id: CancelID, from store: isolated StoreActor<Member>)
  /// Cancels the store's work under every identifier of its own that matches.
  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool, from store: isolated StoreActor<Member>)
  /// Cancels everything the children with these numbers run.
  func cancelNodes(_ nodes: Set<UInt64>, from store: isolated StoreActor<Member>)
  /// Runs a hook element's code as one stretch of the root's: its writes become one change.
  func withBoundary(_ body: () -> Void, in store: isolated StoreActor<Member>)
  /// Counts a hook's element and tells the root's observers.
  func hookDelivered(
    _ record: HookRecord<Member>, element: @autoclosure () -> String, in store: isolated StoreActor<Member>)
  /// Tells the root's observers that a hook ended, with the error it threw if any.
  func hookEnded(_ record: HookRecord<Member>, error: String?, in store: isolated StoreActor<Member>)
}
