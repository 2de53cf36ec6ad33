/// The link of a child at any depth inside the root store `Root`.
final class RootedLink<Root: Interactor, C: Interactor>: ChildLink, @unchecked Sendable {
  // @unchecked: used only on the root's executor, which the child store shares.
  typealias Member = C

  let name: String
  let node: UInt64
  /// The child's last state, read once the child has ended.
  private var lastKnown: C.State
  /// Whether the child has ended. An element added again with the same id is another child, which this
  /// one must not read.
  private var isDetached = false
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
    self.name = name
    self.node = node
    self.lastKnown = state
  }

  var state: C.State {
    guard !isDetached else { return lastKnown }
    if let state = read(store.current) { return state }
    // Removed by a change the root has not published yet: the state before that change still has it.
    if let old = store.onSharedExecutor({ $0.stretch.openChange == nil ? nil : $0.stateBeforeChange }),
      let state = read(old)
    {
      return state
    }
    return lastKnown
  }

  var isPresent: Bool { !isDetached && read(store.current) != nil }

  func detach(oldRoot: (any Sendable)?) {
    if !isDetached, let old = oldRoot as? Root.State, let state = read(old) { lastKnown = state }
    isDetached = true
  }

  subscript<Value>(keyPath: WritableKeyPath<C.State, Value>) -> Value {
    get { state[keyPath: keyPath] }
    _modify {
      if !isPresent || !store.onSharedExecutor({ $0.beginWrite() }) {
        var discarded = state[keyPath: keyPath]
        yield &discarded
        let path = "\(keyPath)"
        store.onSharedExecutor { $0.dropWrite(path: "\(self.name) \(path)") }
      } else {
        yield &store.current[keyPath: write][keyPath: keyPath]
      }
    }
  }

  var childName: String? { name }
  var home: RecordHome { store.home }
  var clock: any Clock<Duration> { store.clock }
  var deliveries: DeliveryTracker { store.deliveries }
  var childHooks: ChildHooks? { store.childHooks }
  var owned: (any OwnedExecutor)? { store.owned }

  // The child's store, handed to each member below, shares the root's executor; the members act on the
  // root's store from there.

  func owner(of _: StoreActor<C>) -> any TaskOwner { store }

  func nextNumber(for _: isolated StoreActor<C>) -> UInt64 { store.intake.nextNumber() }

  func send(_ action: C.Action, from _: isolated StoreActor<C>) -> ActionTask {
    send(action)
  }

  func send(_ action: C.Action) -> ActionTask {
    let action = embed(action)
    return store.onSharedExecutor { $0.enqueue(action) }
  }

  func cancel(id: CancelID, from _: isolated StoreActor<C>) {
    let scoped = CancelID(ChildScope(node: node, id: id))
    store.onSharedExecutor { $0.cancelWork(under: scoped) }
  }

  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool, from _: isolated StoreActor<C>) {
    let node = node
    let scoped: @Sendable (CancelID) -> Bool = { id in
      guard let scope = id.childScope, scope.node == node, let own = scope.id else { return false }
      return matches(own)
    }
    store.onSharedExecutor { $0.cancelWork(matching: scoped) }
  }

  func cancelNodes(_ nodes: Set<UInt64>, from _: isolated StoreActor<C>) {
    store.onSharedExecutor { $0.cancelChildNodes(nodes) }
  }

  func withBoundary(_ body: () -> Void, in _: isolated StoreActor<C>) {
    // The root's `withBoundary`, in its two halves: the body, the child's code, stays in the caller's hands.
    store.onSharedExecutor { $0.enterBoundary() }
    body()
    store.onSharedExecutor { $0.leaveBoundary() }
  }

  func hookDelivered(_ record: HookRecord<C>, element: @autoclosure () -> String, in _: isolated StoreActor<C>) {
    let hook = hookID(record)
    // Described only for observers, and before the hop: the autoclosure stays on this side.
    let described = store.onSharedExecutor { $0.observers.isEmpty } ? nil : element()
    store.onSharedExecutor { root in
      root.stretch.activity &+= 1
      if let described { root.emit(.childHookElement(hook, element: described)) }
    }
  }

  func hookEnded(_ record: HookRecord<C>, error: String?, in _: isolated StoreActor<C>) {
    let hook = hookID(record)
    store.onSharedExecutor { root in
      guard !root.observers.isEmpty else { return }
      if let error {
        root.emit(.childHookFailed(hook, error: error))
      } else {
        root.emit(.childHookEnded(hook))
      }
    }
  }

  /// Which hook of which child, as the root's observers are told: the record's own, made as it started.
  private func hookID(_ record: HookRecord<C>) -> ChildHookID {
    record.child ?? ChildHookID(record.hook, of: C.self, child: name)
  }

  func link<G: Interactor>(
    to interactor: G.Type, name: String, read: @escaping @Sendable (C.State) -> G.State?,
    write: WritableKeyPath<C.State, G.State>, embed: @escaping @Sendable (G.Action) -> C.Action
  ) -> (any ChildLink<G>)? {
    guard let state = read(self.state) else { return nil }
    let node = store.intake.nextNumber()
    if self.node == 0, let read = read as? @Sendable (Root.State) -> G.State?,
      let write = write as? WritableKeyPath<Root.State, G.State>,
      let embed = embed as? @Sendable (G.Action) -> Root.Action
    {
      // A child of the root itself: its paths are the root's own, with nothing to compose on every access.
      return RootedLink<Root, G>(
        store: store, name: name, node: node, state: state, read: read, write: write, embed: embed)
    }
    let parentRead = self.read
    let parentEmbed = self.embed
    return RootedLink<Root, G>(
      store: store, name: "\(self.name) \(name)", node: node, state: state,
      read: { parentRead($0).flatMap(read) }, write: self.write.appending(path: write),
      embed: { parentEmbed(embed($0)) })
  }
}
