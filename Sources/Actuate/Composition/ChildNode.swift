/// A running child, as its parent's table holds it. Every member runs on the root's executor.
protocol ChildNodeProtocol: AnyObject, Sendable {
  /// The child's number within its root, which scopes its cancel identifiers.
  var node: UInt64 { get }
  /// Starts the child's hooks, once it is in its parent's table.
  func start()
  /// After a change of the root's state: hands the child's state to its subscribers, and brings the
  /// child's own children up to date.
  func refresh(oldRoot: (any Sendable)?, started: inout [any ChildNodeProtocol], ended: inout Set<UInt64>)
  /// Ends the child and its children for good: hooks cancelled, subscribers finished. Adds their numbers.
  /// `oldRoot` is the root's state before the change that ended them, which still holds their state.
  func end(oldRoot: (any Sendable)?, collecting ended: inout Set<UInt64>)
  /// Adds the numbers of the child and its children, which scope everything they run.
  func collectNodes(into nodes: inout Set<UInt64>)
  /// The `id` of an `Identifiable` optional child's state as the child started; `nil` for the others.
  var identity: AnyHashable? { get }
  /// Set when the child's state went away between two writes of one stretch: the child ends at the
  /// stretch's change even if its state came back, and a new child starts for the state that is there.
  var wentAway: Bool { get set }
  /// Whether the child has children of its own, whose states it must watch as its parent does.
  var hasChildren: Bool { get }
  /// Before a write in the middle of a stretch: marks the child's children whose state has gone.
  func noteGoneChildren()
}

final class ChildNode<C: Interactor>: ChildNodeProtocol, @unchecked Sendable {
  // @unchecked: used only on the root's executor.
  let store: StoreActor<C>
  let link: any ChildLink<C>
  /// Sends the parent's reaction to a child action, if the parent's entry declares one.
  let react: (@Sendable (C.Action) -> Void)?
  let identity: AnyHashable?
  var wentAway = false

  init(store: StoreActor<C>, link: any ChildLink<C>, identity: AnyHashable?, react: (@Sendable (C.Action) -> Void)?) {
    self.store = store
    self.link = link
    self.identity = identity
    self.react = react
  }

  var node: UInt64 { link.node }
  var hasChildren: Bool { store.hasChildren }

  func noteGoneChildren() {
    guard !wentAway else { return }
    store.onSharedExecutor { store in
      let state = link.state
      store.children?.noteGone(in: state)
    }
  }

  /// Where an action for this child goes: to one of its own children, or to its handler under its policy.
  func route(_ action: C.Action, fromOutside: @Sendable () -> Bool) -> ChildRoute {
    store.onSharedExecutor { store in
      if let route = store.children?.route(action, fromOutside: fromOutside) { return route }
      let policy = store.interactor.policy(for: action).scoped(to: link.node)
      let react = self.react
      let run = ChildRun(
        handle: { _ in
          // Sent as the handler starts, by its task: the parent takes it once this first stretch has ended,
          // ahead of what the stretch sends, as a parent sees its child's action before the child's effects.
          react?(action)
          await store.interactor.onAction(action, store: store)
        },
        cleanUp: { reason in store.onSharedExecutor { $0.interactor.onCancel(action, reason: reason, store: $0) } })
      return .handle(policy, node: link.node, run: run)
    }
  }

  func start() {
    store.onSharedExecutor { $0.startHooks() }
  }

  func refresh(oldRoot: (any Sendable)?, started: inout [any ChildNodeProtocol], ended: inout Set<UInt64>) {
    store.onSharedExecutor { store in
      // Most children have neither subscribers nor children: they cost nothing here.
      guard !store.subscribers.isEmpty || store.hasChildren else { return }
      let state = link.state
      store.subscribers.publish(state)
      store.children?.reconcile(with: state, oldRoot: oldRoot, parent: link, started: &started, ended: &ended)
    }
  }

  func end(oldRoot: (any Sendable)?, collecting ended: inout Set<UInt64>) {
    ended.insert(node)
    link.detach(oldRoot: oldRoot)
    store.onSharedExecutor { store in
      store.stretch.isStopped = true
      store.hooks.cancelAll()
      store.subscribers.finishAll()
      store.children?.endAll(oldRoot: oldRoot, collecting: &ended)
    }
  }

  func collectNodes(into nodes: inout Set<UInt64>) {
    nodes.insert(node)
    store.onSharedExecutor { $0.children?.collectNodes(into: &nodes) }
  }
}
