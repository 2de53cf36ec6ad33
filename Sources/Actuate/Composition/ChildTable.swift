/// A parent's children: its ``Interactor/children`` entries, and the children each has now.
///
/// A class, so that a store whose interactor declares no children holds one empty reference for it, not the
/// table's fields.
final class ChildTable<Parent: Interactor> {
  let slots: [any ChildSlot<Parent>]
  /// Per entry, the running children by id.
  var nodes: [[AnyHashable: any ChildNodeProtocol]]
  /// For a root, the link children are made from: the root's whole state, its actions as they are.
  var rootLink: (any ChildLink<Parent>)?
  /// What counting the children needs, kept apart from the table's other fields.
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
  func reconcile(
    with state: Parent.State, oldRoot: (any Sendable)?, parent: any ChildLink<Parent>,
    started: inout [any ChildNodeProtocol],
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
  func endAll(oldRoot: (any Sendable)?, collecting ended: inout Set<UInt64>) {
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
