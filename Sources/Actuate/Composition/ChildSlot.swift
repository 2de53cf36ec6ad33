/// One entry of a parent's ``Interactor/children``, with the child's type hidden from the parent's store.
protocol ChildSlot<Parent>: Sendable {
  associatedtype Parent: Interactor
  /// Where the child's state is in the parent's, to name the child in ``StoreActor/cancelChild(_:)``.
  var path: AnyKeyPath & Sendable { get }
  /// The ids of the children this entry has in `state`: none, one, or one per element.
  func ids(in state: Parent.State) -> [AnyHashable]
  /// Whether the entry's one child is always there (`scope`): no change can add or remove it.
  var isAlwaysPresent: Bool { get }
  /// How many children this entry has in `state`, counted cheaply: one fewer than at the last count means
  /// a child's state has gone.
  func count(in state: Parent.State) -> Int
  /// Whether `node`'s state in `state` is another child's: the node's state went away since it started,
  /// or an `Identifiable` optional's `id` changed.
  func isReplaced(_ node: any ChildNodeProtocol, in state: Parent.State) -> Bool
  /// Creates the child with `id`, reached through `parent`; `nil` if its state is not there.
  func makeNode(id: AnyHashable, parent: any ChildLink<Parent>) -> (any ChildNodeProtocol)?
  /// Where `action` goes, if it is for a child of this entry. `fromOutside` says whether code outside the
  /// store sent it, asked only when it matters.
  func route(
    _ action: Parent.Action, nodes: [AnyHashable: any ChildNodeProtocol], fromOutside: @Sendable () -> Bool
  ) -> ChildRoute?
}

/// A child's action as its root runs it: the child's handler, and the child's cleanup should it be
/// cancelled once started. Both run on the root's executor, which the child shares.
struct ChildRun: Sendable {
  let handle: @Sendable (isolated any Actor) async -> Void
  let cleanUp: @Sendable (CancellationReason) -> Void
}

/// A parent action that carries a child's, as its record holds it: the child's number, and the child's
/// handler and cleanup, which run instead of the parent's. In a box of its own, made only for such an
/// action, so that every other record is 32 bytes smaller.
final class ChildAction: Sendable {
  let node: UInt64
  let run: ChildRun

  init(node: UInt64, run: ChildRun) {
    self.node = node
    self.run = run
  }
}

/// Where a parent action goes when it carries a child's.
enum ChildRoute: Sendable {
  /// To the handler of the child numbered `node`, under the child's policy, scoped to the child.
  case handle(ActionPolicy, node: UInt64, run: ChildRun)
  /// Nowhere: the child it is for is not there (named).
  case absent(String)
  /// Nowhere: outside code sent it through a parent that would let it send the child's internal actions
  /// (why, and what to do).
  case refused(String)
}

struct Slot<Parent: Interactor, C: Interactor>: ChildSlot {
  /// The id of the only child of a `scope` or `ifPresent` entry.
  static var only: AnyHashable { onlyChild }

  let path: AnyKeyPath & Sendable
  let isAlwaysPresent: Bool
  let interactor: C
  let label: @Sendable (AnyHashable) -> String
  let ids: @Sendable (Parent.State) -> [AnyHashable]
  let count: @Sendable (Parent.State) -> Int
  /// An `Identifiable` optional child's id; `nil` for the other entries.
  let identity: (@Sendable (C.State) -> AnyHashable?)?
  let read: @Sendable (AnyHashable) -> @Sendable (Parent.State) -> C.State?
  let write: @Sendable (AnyHashable) -> WritableKeyPath<Parent.State, C.State>
  let embed: @Sendable (AnyHashable, C.Action) -> Parent.Action
  let extract: @Sendable (Parent.Action) -> (AnyHashable, C.Action)?
  /// The parent action to send when the child's handler for a child action starts, if the parent reacts.
  let reaction: (@Sendable (AnyHashable, C.Action) -> Parent.Action?)?

  /// Whether outside code could send the child's internal actions through this entry: the child keeps some
  /// actions internal (its `PublicAction` is a type of its own), but the parent's public actions are all
  /// of its actions, so a parent action can carry any child action from outside. Found once: routing asks
  /// on every child action.
  let exposesInternalActions = Parent.PublicAction.self == Parent.Action.self && C.PublicAction.self != C.Action.self

  func ids(in state: Parent.State) -> [AnyHashable] { ids(state) }

  func count(in state: Parent.State) -> Int { count(state) }

  func isReplaced(_ node: any ChildNodeProtocol, in state: Parent.State) -> Bool {
    if node.wentAway { return true }
    guard let identity else { return false }
    return read(Self.only)(state).flatMap(identity) != node.identity
  }

  func makeNode(id: AnyHashable, parent: any ChildLink<Parent>) -> (any ChildNodeProtocol)? {
    let embed = self.embed
    // Safe: every id is made from the `Sendable` id of a child's state.
    nonisolated(unsafe) let id = id
    guard
      let link = parent.link(
        to: C.self, name: label(id), read: read(id), write: write(id), embed: { embed(id, $0) })
    else { return nil }
    let store = StoreActor(
      child: interactor, link: link, clock: parent.clock, hooks: parent.childHooks, executor: parent.owned)
    // The parent's reaction goes through the parent's own link: for a root, the root itself.
    var react: (@Sendable (C.Action) -> Void)?
    if let reaction {
      react = { action in
        if let parentAction = reaction(id, action) { _ = parent.send(parentAction) }
      }
    }
    return ChildNode(store: store, link: link, identity: identity?(link.state), react: react)
  }

  func route(
    _ action: Parent.Action, nodes: [AnyHashable: any ChildNodeProtocol], fromOutside: @Sendable () -> Bool
  ) -> ChildRoute? {
    guard let (id, childAction) = extract(action) else { return nil }
    if exposesInternalActions, fromOutside() {
      return .refused(
        "for \(label(id)), which keeps some actions internal (its PublicAction is \(C.PublicAction.self)), but \(Parent.self) takes all of its actions from outside (its PublicAction is its Action), so outside code could send the child's internal actions. Give \(Parent.self) a PublicAction that carries \(C.self).PublicAction, and map it in action(from:) with the child's action(from:)."
      )
    }
    guard let node = nodes[id] else { return .absent(label(id)) }
    // Every node of this entry was made by `makeNode` above.
    return unsafeDowncast(node as AnyObject, to: ChildNode<C>.self).route(childAction, fromOutside: fromOutside)
  }
}

/// The id of the only child of a `scope` or `ifPresent` entry, made once: it is hashed on every routing.
nonisolated(unsafe) private let onlyChild = AnyHashable(0)  // Safe: an Int, never mutated.
