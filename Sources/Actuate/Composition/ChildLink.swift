/// How a child store reaches its root: the part of the root's state that is the child's, the parent
/// action that carries a child action, and the root's batching, sends and cancellation.
///
/// Every member runs on the root's executor, which the child store shares. ``RootedLink``, which knows the
/// root's type, is the one conformance; the protocol hides that type from the child's store.
protocol ChildLink<Child>: AnyObject, Sendable {
  associatedtype Child: Interactor

  /// Names the child in logs and warnings: `TodoInteractor[id: 3]`.
  var name: String { get }
  /// Numbers this child within its root; the child's cancel identifiers are scoped by it.
  var node: UInt64 { get }
  /// The child's state: its part of the root's state, or the last it had once it has ended.
  var state: Child.State { get }
  /// Whether the child's part of the root's state is there, and the child has not ended.
  var isPresent: Bool { get }
  /// One property of the child's state, written in place in the root's state as a write of the running
  /// task; dropped and reported when the task was cancelled or the child is gone.
  subscript<Value>(keyPath: WritableKeyPath<Child.State, Value>) -> Value { get set }

  /// Ends the link: from now on the child reads the state it had in `oldRoot` (the root's state before the
  /// change that removed it), or the last it had, and writes nothing.
  func detach(oldRoot: (any Sendable)?)

  /// The store that owns the child's tasks and hooks: the root.
  var root: any TaskOwner { get }
  /// The root's executor, which the child shares.
  var anchor: ExecutorAnchor { get }
  /// The root's clock.
  var clock: any Clock<Duration> { get }
  /// The root's tracker of values handed to hooks, so that a TestStore waits for the child's hooks too.
  var deliveries: DeliveryTracker { get }
  /// The children's hooks the root's test chose to run; `nil` runs them all.
  var childHooks: ChildHooks? { get }

  /// The next task number of the root.
  func nextNumber() -> UInt64
  /// Sends the parent action that carries `action` through the root, as a send of the running task.
  func send(_ action: Child.Action) -> ActionTask
  /// Cancels the child's work under `id`.
  func cancel(id: CancelID)
  /// Cancels the child's work under every identifier of its own that matches.
  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool)
  /// Cancels everything the children with these numbers run.
  func cancelNodes(_ nodes: Set<UInt64>)
  /// Runs a hook element's code as one stretch of the root's: its writes become one change.
  func withBoundary(_ body: () -> Void)
  /// Counts and logs a hook element, as the root's.
  func hookDelivered(hook: @autoclosure () -> String, element: @autoclosure () -> String)
  /// Logs the end of a hook, as the root's.
  func hookEnded(_ hook: String, error: String?)

  /// A link for a child of this child, reaching the same root; `nil` if its state is not there.
  func link<G: Interactor>(
    to interactor: G.Type, name: String, read: @escaping @Sendable (Child.State) -> G.State?,
    write: WritableKeyPath<Child.State, G.State>, embed: @escaping @Sendable (G.Action) -> Child.Action
  ) -> (any ChildLink<G>)?
}
