/// How a child store reaches its root: the part of the root's state that is the child's, the parent
/// action that carries a child action, and the root's batching, sends and cancellation.
///
/// Every member runs on the root's executor (a child store shares it), so the class needs no lock; the
/// subclass that knows the root's type does the work.
class ChildLink<C: Interactor>: @unchecked Sendable {
  // @unchecked: used only on the root's executor, which the child store shares.
  /// Names the child in logs and warnings: `TodoInteractor[id: 3]`.
  let name: String
  /// Numbers this child within its root; cancel identifiers of the child are scoped by it.
  let node: UInt64
  /// The child's last state, read once the child has ended.
  var lastKnown: C.State
  /// Whether the child has ended: its part of the root's state went away, or the root stopped. An element
  /// added again with the same id is another child, which this one must not read.
  var isDetached = false

  init(name: String, node: UInt64, state: C.State) {
    self.name = name
    self.node = node
    self.lastKnown = state
  }

  /// The child's state: its part of the root's state, or the last one seen once that part is gone.
  var state: C.State { fatalError("abstract") }

  /// Whether the child's part of the root's state is there.
  var isPresent: Bool { fatalError("abstract") }

  /// Ends the link: from now on the child reads the state it had in `oldRoot` (the root's state before the
  /// change that removed it), or the last it had, and writes nothing.
  func detach(oldRoot: (any Sendable)?) { fatalError("abstract") }

  /// Writes one property of the child's state in place, in the root's state, as a write of the running task.
  subscript<Value>(keyPath: WritableKeyPath<C.State, Value>) -> Value {
    get { state[keyPath: keyPath] }
    _modify { fatalError("abstract") }
  }

  /// The store that owns the child's tasks and hooks: the root.
  var root: any TaskOwner { fatalError("abstract") }
  /// The root's executor, clock and hook deliveries, which the child shares.
  var anchor: ExecutorAnchor { fatalError("abstract") }
  var clock: any Clock<Duration> { fatalError("abstract") }
  var deliveries: DeliveryTracker { fatalError("abstract") }
  /// Cancels everything the children with these numbers run.
  func cancelNodes(_ nodes: Set<UInt64>) { fatalError("abstract") }

  func nextNumber() -> UInt64 { fatalError("abstract") }
  func send(_ action: C.Action) -> ActionTask { fatalError("abstract") }
  func cancel(id: CancelID) { fatalError("abstract") }
  func withBoundary(_ body: () -> Void) { fatalError("abstract") }
  func hookDelivered(hook: @autoclosure () -> String, element: @autoclosure () -> String) { fatalError("abstract") }
  func hookEnded(_ hook: String, error: String?) { fatalError("abstract") }

  /// A link for a child of this child, reaching the same root.
  func link<G: Interactor>(
    to interactor: G.Type, name: String, read: @escaping @Sendable (C.State) -> G.State?,
    write: WritableKeyPath<C.State, G.State>, embed: @escaping @Sendable (G.Action) -> C.Action
  ) -> ChildLink<G>? { fatalError("abstract") }
}

/// The link of a child at any depth inside the root store `Root`.
final class RootedLink<Root: Interactor, C: Interactor>: ChildLink<C>, @unchecked Sendable {
  let store: StoreActor<Root>
  let read: @Sendable (Root.State) -> C.State?
  let write: WritableKeyPath<Root.State, C.State>
  let embed: @Sendable (C.Action) -> Root.Action

  init(
    store: StoreActor<Root>, name: String, node: UInt64, state: C.State,
    read: @escaping @Sendable (Root.State) -> C.State?, write: WritableKeyPath<Root.State, C.State>,
    embed: @escaping @Sendable (C.Action) -> Root.Action
  ) {
    self.store = store
    self.read = read
    self.write = write
    self.embed = embed
    super.init(name: name, node: node, state: state)
  }

  override var state: C.State {
    guard !isDetached else { return lastKnown }
    if let state = read(store.current) { return state }
    // Removed by a change the root has not published yet: the state before that change still has it.
    if let old = store.assumeIsolated({ $0.batch?.old }), let state = read(old) { return state }
    return lastKnown
  }

  override var isPresent: Bool { !isDetached && read(store.current) != nil }

  override func detach(oldRoot: (any Sendable)?) {
    if !isDetached, let old = oldRoot as? Root.State, let state = read(old) { lastKnown = state }
    isDetached = true
  }

  override subscript<Value>(keyPath: WritableKeyPath<C.State, Value>) -> Value {
    get { state[keyPath: keyPath] }
    _modify {
      if Task.isCancelled || !isPresent {
        var discarded = state[keyPath: keyPath]
        yield &discarded
        let path = "\(keyPath)"
        store.assumeIsolated { $0.dropWrite(path: "\(self.name) \(path)") }
      } else {
        store.assumeIsolated { $0.willWrite() }
        yield &store.current[keyPath: write][keyPath: keyPath]
      }
    }
  }

  override var root: any TaskOwner { store }
  override var anchor: ExecutorAnchor { store.anchor }
  override var clock: any Clock<Duration> { store.clock }
  override var deliveries: DeliveryTracker { store.deliveries }

  override func cancelNodes(_ nodes: Set<UInt64>) {
    store.assumeIsolated { $0.cancelChildGroups(of: nodes, reason: .explicit) }
  }

  override func nextNumber() -> UInt64 { store.intake.nextNumber() }

  override func send(_ action: C.Action) -> ActionTask {
    let action = embed(action)
    return store.assumeIsolated { $0.send(action) }
  }

  override func cancel(id: CancelID) {
    let scoped = CancelID(ChildScope(node: node, id: id))
    store.assumeIsolated { $0.cancel(id: scoped) }
  }

  override func withBoundary(_ body: () -> Void) {
    // The root's `withBoundary`, in two halves: the body stays in the caller's hands.
    store.assumeIsolated { $0.boundaryDepth += 1 }
    body()
    store.assumeIsolated { root in
      root.boundaryDepth -= 1
      root.flush()
    }
  }

  override func hookDelivered(hook: @autoclosure () -> String, element: @autoclosure () -> String) {
    let described = store.assumeIsolated { $0.observers.isEmpty } ? nil : ("\(name) \(hook())", element())
    store.assumeIsolated { $0.childHookDelivered(described) }
  }

  override func hookEnded(_ hook: String, error: String?) {
    store.assumeIsolated { $0.childHookEnded("\(self.name) \(hook)", error: error) }
  }

  override func link<G: Interactor>(
    to interactor: G.Type, name: String, read: @escaping @Sendable (C.State) -> G.State?,
    write: WritableKeyPath<C.State, G.State>, embed: @escaping @Sendable (G.Action) -> C.Action
  ) -> ChildLink<G>? {
    guard let state = read(self.state) else { return nil }
    let parentRead = self.read
    let parentEmbed = self.embed
    return RootedLink<Root, G>(
      store: store, name: self.name.isEmpty ? name : "\(self.name) \(name)", node: store.intake.nextNumber(), state: state,
      read: { parentRead($0).flatMap(read) }, write: self.write.appending(path: write),
      embed: { parentEmbed(embed($0)) })
  }
}

/// A cancel identifier of a child, scoped by the child's node so it never meets a sibling's or a parent's.
struct ChildScope: Hashable, Sendable, CustomStringConvertible {
  let node: UInt64
  let id: CancelID?

  var description: String { "\(id.map { "\($0)" } ?? "any") in child #\(node)" }
}
