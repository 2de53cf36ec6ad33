/// How a child store reaches its root: the part of the root's state that is the child's, and, as its
/// route, the root's sends, cancels and hook reports.
///
/// Every member runs on the root's executor, which the child store shares. ``RootedLink``, which knows the
/// root's type, is the one conformance; the protocol hides that type from the child's store.
protocol ChildLink<Member>: StoreRoute, AnyObject {
  /// Names the child in logs and warnings: `TodoInteractor[id: 3]`.
  var name: String { get }
  /// Numbers this child within its root; the child's cancel identifiers are scoped by it.
  var node: UInt64 { get }
  /// The child's state: its part of the root's state, or the last it had once it has ended.
  var state: Member.State { get }
  /// Whether the child's part of the root's state is there, and the child has not ended.
  var isPresent: Bool { get }
  /// One property of the child's state, written in place in the root's state as a write of the running
  /// task; dropped and reported when the task was cancelled or the child is gone.
  subscript<Value>(keyPath: WritableKeyPath<Member.State, Value>) -> Value { get set }

  /// Ends the link: from now on the child reads the state it had in `oldRoot` (the root's state before the
  /// change that removed it), or the last it had, and writes nothing.
  func detach(oldRoot: (any Sendable)?)

  /// What the root's task records share, the child's among them, and the root's executor, which the child
  /// shares.
  var home: RecordHome { get }
  /// The root's clock.
  var clock: any Clock<Duration> { get }
  /// The root's tracker of values handed to hooks, so that a TestStore waits for the child's hooks too.
  var deliveries: DeliveryTracker { get }
  /// The children's hooks the root's test chose to run; `nil` runs them all.
  var childHooks: ChildHooks? { get }
  /// The executor the root's TestStore owns, which the child runs on too; `nil` outside a TestStore.
  var owned: (any OwnedExecutor)? { get }

  /// Sends the parent action that carries `action` through the root, as a send of the running task: a
  /// child's send, or a parent's reaction to one of its child's actions.
  func send(_ action: Member.Action) -> ActionTask

  /// A link for a child of this child, reaching the same root; `nil` if its state is not there.
  func link<G: Interactor>(
    to interactor: G.Type, name: String, read: @escaping @Sendable (Member.State) -> G.State?,
    write: WritableKeyPath<Member.State, G.State>, embed: @escaping @Sendable (G.Action) -> Member.Action
  ) -> (any ChildLink<G>)?
}
