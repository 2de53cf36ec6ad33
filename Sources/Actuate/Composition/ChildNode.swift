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
      store.isStopped = true
      for task in store.hookTasks { task.cancel() }
      store.hookTasks = []
      store.subscribers.finishAll()
      store.children?.endAll(oldRoot: oldRoot, collecting: &ended)
    }
  }

  func collectNodes(into nodes: inout Set<UInt64>) {
    nodes.insert(node)
    store.onSharedExecutor { $0.children?.collectNodes(into: &nodes) }
  }
}

/// A parent's children: its ``Interactor/children`` entries, and the children each has now.
struct ChildTable<Parent: Interactor> {
  let slots: [any ChildSlot<Parent>]
  /// Per entry, the running children by id.
  var nodes: [[AnyHashable: any ChildNodeProtocol]]
  /// For a root, the link children are made from: the root's whole state, its actions as they are.
  var rootLink: (any ChildLink<Parent>)?
  /// What counting the children needs, in one object: the table is copied as the store reaches it, and
  /// each reference it holds costs every copy a retain and a release.
  private let counting: Counting

  private final class Counting {
    /// The entries whose children can go (`ifPresent`, `forEach`), which are counted before each write in
    /// the middle of a stretch.
    let watched: [Int]
    /// Per entry, how many children it had at the last count.
    var counts: [Int]
    /// Whether a count since the last change marked a child whose state went away.
    var someWentAway = false
    /// The children with children of their own, whose children they count in turn.
    var parents: [any ChildNodeProtocol] = []

    init(watched: [Int], entries: Int) {
      self.watched = watched
      counts = Array(repeating: 0, count: entries)
    }
  }

  /// `nil` when the interactor declares no children, so a store without any pays nothing.
  init?(_ children: [Child<Parent>]) {
    guard !children.isEmpty else { return nil }
    let slots = children.map(\.slot)
    self.slots = slots
    nodes = Array(repeating: [:], count: children.count)
    counting = Counting(watched: slots.indices.filter { !slots[$0].isAlwaysPresent }, entries: slots.count)
  }

  /// Whether anything needs counting before a write: a store whose children are all `scope` entries
  /// without children of their own pays nothing more.
  var watches: Bool { !counting.watched.isEmpty || !counting.parents.isEmpty }

  /// Before a write in the middle of a stretch, with the state as the stretch's last write left it: marks
  /// the children whose state has gone since, so that a state set to `nil` and back, or an element removed
  /// and added back, ends the child that was there. One count per entry; the ids are read only when an
  /// entry has fewer children than at the last count.
  func noteGone(in state: Parent.State) {
    for index in counting.watched {
      let count = slots[index].count(in: state)
      defer { counting.counts[index] = count }
      guard count < counting.counts[index] else { continue }
      let present = Set(slots[index].ids(in: state))
      for (id, node) in nodes[index] where !present.contains(id) {
        node.wentAway = true
        counting.someWentAway = true
      }
    }
    for node in counting.parents { node.noteGoneChildren() }
  }

  func route(_ action: Parent.Action, fromOutside: @Sendable () -> Bool) -> ChildRoute? {
    for index in slots.indices {
      if let route = slots[index].route(action, nodes: nodes[index], fromOutside: fromOutside) { return route }
    }
    return nil
  }

  /// Creates the children whose state appeared (added to `started`, to start once the table is whole),
  /// ends those whose state went away (their numbers added to `ended`), and refreshes the others.
  mutating func reconcile(
    with state: Parent.State, oldRoot: (any Sendable)?, parent: any ChildLink<Parent>, started: inout [any ChildNodeProtocol],
    ended: inout Set<UInt64>
  ) {
    var isChanged = false
    for index in slots.indices {
      if slots[index].isAlwaysPresent, !nodes[index].isEmpty {
        for node in nodes[index].values { node.refresh(oldRoot: oldRoot, started: &started, ended: &ended) }
        continue
      }
      let ids = slots[index].ids(in: state)
      counting.counts[index] = ids.count
      // An `ifPresent` child is asked whether it was replaced on every change; the elements of a
      // `forEach` entry only when a count marked one.
      if ids.count != nodes[index].count || ids.contains(where: { nodes[index][$0] == nil })
        || (counting.someWentAway || nodes[index].count == 1)
          && nodes[index].values.contains(where: { slots[index].isReplaced($0, in: state) })
      {
        isChanged = true
        let present = Set(ids)
        for (id, node) in nodes[index] where !present.contains(id) || slots[index].isReplaced(node, in: state) {
          node.end(oldRoot: oldRoot, collecting: &ended)
          nodes[index][id] = nil
        }
        for id in ids where nodes[index][id] == nil {
          guard let node = slots[index].makeNode(id: id, parent: parent) else { continue }
          nodes[index][id] = node
          started.append(node)
        }
      }
      for node in nodes[index].values { node.refresh(oldRoot: oldRoot, started: &started, ended: &ended) }
    }
    counting.someWentAway = false
    if isChanged { counting.parents = nodes.joined().map(\.value).filter(\.hasChildren) }
  }

  /// Ends every child, as the store stops or the parent goes away.
  mutating func endAll(oldRoot: (any Sendable)?, collecting ended: inout Set<UInt64>) {
    for index in nodes.indices {
      for node in nodes[index].values { node.end(oldRoot: oldRoot, collecting: &ended) }
      nodes[index] = [:]
    }
    counting.parents = []
  }

  func collectNodes(into nodes: inout Set<UInt64>) {
    for node in self.nodes.joined() { node.value.collectNodes(into: &nodes) }
  }

  /// The numbers of the children at `path` (one element's, or all of them), with their own children's.
  func nodes(at path: AnyKeyPath, id: AnyHashable?) -> Set<UInt64>? {
    guard let index = slots.firstIndex(where: { $0.path == path }) else { return nil }
    var found = Set<UInt64>()
    for (nodeID, node) in nodes[index] where id == nil || nodeID == id {
      node.collectNodes(into: &found)
    }
    return found
  }
}

extension ActionPolicy {
  /// The same policy with its identifier scoped to a child, so it never meets a sibling's or a parent's.
  /// A policy without one stays without: its tasks join no group, and cancelling the child finds them by
  /// the child's number on their records.
  func scoped(to node: UInt64) -> ActionPolicy {
    guard let id else { return self }
    return ActionPolicy(
      kind: kind, id: CancelID(ChildScope(node: node, id: id)),
      extraIDs: extraIDs.map { CancelID(ChildScope(node: node, id: $0)) })
  }
}
