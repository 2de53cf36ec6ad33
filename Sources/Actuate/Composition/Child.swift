/// A child interactor that runs inside its parent's store, against a part of the parent's state.
///
/// A parent lists its children in ``Interactor/children``. Each child's handlers and hooks are the child
/// interactor's own code, isolated to a store of the child's type, so the same interactor runs alone in a
/// store of its own (and a TestStore) and inside a parent:
///
/// ```swift
/// var children: [Child<Self>] {
///   [
///     .forEach(\.todos, interactor: TodoInteractor(), embed: Action.todo) {
///       guard case .todo(let id, let action) = $0 else { return nil }
///       return (id, action)
///     }
///   ]
/// }
/// ```
///
/// A child action is a parent action that carries it (`.todo(id, .toggle)`): it is sent, ordered, logged
/// and asserted as a parent action, and handled by the child alone, under the child's policy. The child's
/// cancel identifiers are its own: they never meet a sibling's or the parent's.
///
/// A parent reacts to the child actions it cares about with a `reaction`: for each child action whose
/// handler starts, the parent action it returns is sent to the parent, as a send of the child's task, and
/// handled by the parent's `onAction` like any other action.
///
/// ```swift
/// .forEach(\.todos, interactor: TodoInteractor(), embed: Action.todo) {
///   guard case .todo(let id, let action) = $0 else { return nil }
///   return (id, action)
/// } reaction: { id, action in
///   action == .deleteTapped ? .remove(id) : nil
/// }
/// ```
public struct Child<Parent: Interactor>: Sendable {
  let slot: any ChildSlot<Parent>

  /// One child that is always there, over a part of the parent's state.
  ///
  /// - Parameters:
  ///   - state: The child's state inside the parent's.
  ///   - interactor: The child's interactor.
  ///   - embed: The parent action that carries a child action.
  ///   - extract: The child action a parent action carries, or `nil` for any other parent action.
  ///   - reaction: The parent action to send when the child's handler for a child action starts, or `nil`
  ///     for the child actions the parent leaves to the child.
  public static func scope<C: Interactor>(
    _ state: WritableKeyPath<Parent.State, C.State> & Sendable,
    interactor: C,
    embed: @escaping @Sendable (C.Action) -> Parent.Action,
    extract: @escaping @Sendable (Parent.Action) -> C.Action?,
    reaction: (@Sendable (C.Action) -> Parent.Action?)? = nil
  ) -> Self {
    single(
      path: state, isAlwaysPresent: true, interactor: interactor, read: { $0[keyPath: state] }, write: state,
      identity: nil, embed: embed, extract: extract, reaction: reaction)
  }

  /// A child that runs while its state is there: it starts when the state becomes non-`nil`, and when the
  /// state goes back to `nil` its tasks are cancelled (``CancellationReason/childGone``) and its hooks end.
  ///
  /// A state set to `nil` and back within one stretch of code, or, when it is `Identifiable`, replaced by
  /// one with another `id`, is a new child: the old one ends as if its state had gone.
  ///
  /// An action for the child while its state is `nil` is not handled: it ends cancelled, with a warning.
  /// The parameters are those of ``scope(_:interactor:embed:extract:reaction:)``.
  public static func ifPresent<C: Interactor>(
    _ state: WritableKeyPath<Parent.State, C.State?> & Sendable,
    interactor: C,
    embed: @escaping @Sendable (C.Action) -> Parent.Action,
    extract: @escaping @Sendable (Parent.Action) -> C.Action?,
    reaction: (@Sendable (C.Action) -> Parent.Action?)? = nil
  ) -> Self {
    single(
      path: state, isAlwaysPresent: false, interactor: interactor, read: { $0[keyPath: state] },
      write: (state as WritableKeyPath<Parent.State, C.State?>).appending(path: \C.State?.presentValue),
      identity: C.State.self is any Identifiable.Type ? identity(of:) : nil,
      embed: embed, extract: extract, reaction: reaction)
  }

  /// The entry of a `scope` or `ifPresent` child: at most one child, present when `read` finds its state.
  private static func single<C: Interactor>(
    path: AnyKeyPath & Sendable, isAlwaysPresent: Bool, interactor: C,
    read: @escaping @Sendable (Parent.State) -> C.State?, write: WritableKeyPath<Parent.State, C.State>,
    identity: (@Sendable (C.State) -> AnyHashable?)?,
    embed: @escaping @Sendable (C.Action) -> Parent.Action, extract: @escaping @Sendable (Parent.Action) -> C.Action?,
    reaction: (@Sendable (C.Action) -> Parent.Action?)?
  ) -> Self {
    // Safe: a key path made from a `Sendable` one, never mutated.
    nonisolated(unsafe) let write = write
    var react: (@Sendable (AnyHashable, C.Action) -> Parent.Action?)?
    if let reaction { react = { _, action in reaction(action) } }
    return Self(
      slot: Slot<Parent, C>(
        path: path, isAlwaysPresent: isAlwaysPresent, interactor: interactor, label: { _ in "\(C.self)" },
        ids: { read($0) == nil ? [] : [Slot<Parent, C>.only] },
        count: { read($0) == nil ? 0 : 1 },
        identity: identity,
        read: { _ in read },
        write: { _ in write },
        embed: { _, action in embed(action) },
        extract: { extract($0).map { (Slot<Parent, C>.only, $0) } },
        reaction: react))
  }

  /// A child for each element of a collection, identified by the element's `id`: each starts when its
  /// element appears, and when the element is removed its tasks are cancelled
  /// (``CancellationReason/childGone``) and its hooks end. An element removed and added back with the same
  /// id, even within one stretch of code, is a new child.
  ///
  /// An action for an element that is not there is not handled: it ends cancelled, with a warning.
  ///
  /// - Parameters:
  ///   - state: The collection whose elements are the children's states.
  ///   - interactor: The children's interactor.
  ///   - embed: The parent action that carries a child action for the element with an id.
  ///   - extract: The element's id and the child action a parent action carries, or `nil` for any other
  ///     parent action.
  ///   - reaction: The parent action to send when a child's handler for a child action starts (given the
  ///     element's id), or `nil` for the child actions the parent leaves to the child.
  public static func forEach<C: Interactor, Elements: MutableCollection & Sendable>(
    _ state: WritableKeyPath<Parent.State, Elements> & Sendable,
    interactor: C,
    embed: @escaping @Sendable (C.State.ID, C.Action) -> Parent.Action,
    extract: @escaping @Sendable (Parent.Action) -> (C.State.ID, C.Action)?,
    reaction: (@Sendable (C.State.ID, C.Action) -> Parent.Action?)? = nil
  ) -> Self where Elements.Element == C.State, C.State: Identifiable, C.State.ID: Sendable {
    var react: (@Sendable (AnyHashable, C.Action) -> Parent.Action?)?
    if let reaction { react = { id, action in reaction(id.base as! C.State.ID, action) } }
    return Self(
      slot: Slot<Parent, C>(
        path: state, isAlwaysPresent: false, interactor: interactor,
        label: { "\(C.self)[id: \($0.base)]" },
        ids: { $0[keyPath: state].map { AnyHashable($0.id) } },
        count: { $0[keyPath: state].count },
        identity: nil,
        read: { id in
          let key = ElementKey<Elements>(id.base as! C.State.ID)
          return { parent in
            let elements = parent[keyPath: state]
            return key.index(in: elements).map { elements[$0] }
          }
        },
        write: { id in
          (state as WritableKeyPath<Parent.State, Elements>).appending(
            path: \Elements.[element: ElementKey<Elements>(id.base as! C.State.ID)])
        },
        embed: { id, action in embed(id.base as! C.State.ID, action) },
        extract: { extract($0).map { (AnyHashable($0.0), $0.1) } },
        reaction: react))
  }
}

/// The id of a state that is `Identifiable`, which tells an optional child replaced by another.
private func identity<State>(of state: State) -> AnyHashable? {
  func id(_ state: some Identifiable) -> AnyHashable { AnyHashable(state.id) }
  return (state as? any Identifiable).map { id($0) }
}

extension Optional {
  /// The wrapped value, written in place. Only a child whose state is present writes through it.
  fileprivate var presentValue: Wrapped {
    get { self! }
    _modify {
      guard var value = self else { preconditionFailure("a child wrote to state that is gone") }
      self = nil
      defer { self = value }
      yield &value
    }
  }
}

/// One element's id, as a key path subscript's argument, remembering where the element was last found: a
/// child reads and writes its element many times between moves, and each lookup then costs one comparison.
struct ElementKey<Elements: Collection>: Hashable, @unchecked Sendable
where Elements.Element: Identifiable, Elements.Element.ID: Sendable {
  // @unchecked: `place` is used only on the root's executor.
  let id: Elements.Element.ID
  private let place = Place()

  private final class Place {
    var index: Elements.Index?
  }

  init(_ id: Elements.Element.ID) { self.id = id }

  /// Where the element is now, or `nil` if it is gone.
  func index(in elements: Elements) -> Elements.Index? {
    if let index = place.index, elements.indices.contains(index), elements[index].id == id { return index }
    place.index = elements.firstIndex { $0.id == id }
    return place.index
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension MutableCollection where Element: Identifiable, Element.ID: Sendable {
  /// The element with an id, written in place. Only a child whose element is present writes through it.
  fileprivate subscript(element key: ElementKey<Self>) -> Element {
    get { self[key.index(in: self)!] }
    _modify {
      guard let index = key.index(in: self) else { preconditionFailure("a child wrote to an element that is gone") }
      yield &self[index]
    }
  }
}
