/// The reads of single elements of one collection of the state, by id (type-erased).
class ElementReadsBase<Model: AnyObject, State> {
  func collectChangedKeys(
    from old: State, to new: State, generation: UInt64, into keys: inout [KeyPath<Model, Int>]
  ) {}
}

/// The reads of single elements of one collection of the state, by id: where each id sits in the current
/// state (built once per update, on the first read), and the key each read id is tracked under.
///
/// The positions carry the generation of the update they were built for, so that a read made while an
/// update is under way (from an observer called before the new state lands) never uses positions of the
/// state that is not there yet.
final class ElementReads<Model: AnyObject, State, C: Collection>: ElementReadsBase<Model, State>
where C.Element: Identifiable & Equatable {
  private let path: KeyPath<State, C>
  private var keys: [C.Element.ID: KeyPath<Model, Int>] = [:]
  private var positions: [C.Element.ID: C.Index] = [:]
  private var positionsGeneration: UInt64?
  private let isSame = EquatableValues.comparator(for: C.self)

  init(path: KeyPath<State, C>) {
    self.path = path
  }

  /// The key element `id` is tracked under, making it on the first read.
  func key(for id: C.Element.ID, makeKey: (TrackedPart) -> KeyPath<Model, Int>) -> KeyPath<Model, Int> {
    if let key = keys[id] { return key }
    let key = makeKey(TrackedPart(path: path, id: AnyHashable(id)))
    keys[id] = key
    return key
  }

  /// The element with `id` in `state`, the state of update `generation`.
  func element(_ id: C.Element.ID, in state: State, generation: UInt64) -> C.Element? {
    let collection = state[keyPath: path]
    return positions(of: collection, generation: generation)[id].map { collection[$0] }
  }

  override func collectChangedKeys(
    from old: State, to new: State, generation: UInt64, into keys: inout [KeyPath<Model, Int>]
  ) {
    let before = old[keyPath: path]
    let after = new[keyPath: path]
    // A collection left alone shares its storage, and comparing it is a pointer test.
    if isSame(before, after) {
      if positionsGeneration == generation { positionsGeneration = generation &+ 1 }
      return
    }
    let oldPositions = positions(of: before, generation: generation)
    let newPositions = Self.positions(of: after)
    positions = newPositions
    positionsGeneration = generation &+ 1
    var gone: [C.Element.ID] = []
    for (id, key) in self.keys {
      let was = oldPositions[id].map { before[$0] }
      let now = newPositions[id].map { after[$0] }
      if was != now { keys.append(key) }
      if was != nil, now == nil { gone.append(id) }
    }
    // An element that left is signalled now, so whoever read it reads again and makes a new key if it asks
    // for the id once more: the table holds the ids still there, or still awaited, not every id ever read.
    for id in gone { self.keys[id] = nil }
  }

  private func positions(of collection: C, generation: UInt64) -> [C.Element.ID: C.Index] {
    if positionsGeneration != generation {
      positions = Self.positions(of: collection)
      positionsGeneration = generation
    }
    return positions
  }

  private static func positions(of collection: C) -> [C.Element.ID: C.Index] {
    var positions: [C.Element.ID: C.Index] = [:]
    positions.reserveCapacity(collection.count)
    for index in collection.indices { positions[collection[index].id] = index }
    return positions
  }
}
