/// The parts of the state a model's readers have read, each with the observation key it is tracked under
/// and a test of whether a new state changes it: a model signals only the keys whose value changed.
///
/// A key path is read through a handful of call sites, so the table stays as small as the code that reads;
/// an entry is made on the first read and kept.
struct ReadPaths<Model: AnyObject, State> {
  typealias Key = KeyPath<Model, Int>

  private struct Entry {
    let key: Key
    let hasChanged: (State, State) -> Bool
  }

  private var index: [AnyKeyPath: Int] = [:]
  private var entries: [Entry] = []
  private var collections: [AnyKeyPath: ElementReadsBase<Model, State>] = [:]

  /// The key `path` is tracked under, making its entry on the first read.
  mutating func key(
    for path: AnyKeyPath, makeKey: (TrackedPart) -> Key, hasChanged: @autoclosure () -> (State, State) -> Bool
  ) -> Key {
    if let position = index[path] { return entries[position].key }
    let entry = Entry(key: makeKey(TrackedPart(path: path)), hasChanged: hasChanged())
    index[path] = entries.count
    entries.append(entry)
    return entry.key
  }

  /// The element reads of the collection at `path`, made on the first read.
  mutating func elements<C: Collection>(
    at path: KeyPath<State, C>
  ) -> ElementReads<Model, State, C> where C.Element: Identifiable & Equatable {
    if let reads = collections[path] { return reads as! ElementReads<Model, State, C> }
    let reads = ElementReads<Model, State, C>(path: path)
    collections[path] = reads
    return reads
  }

  /// The keys whose value differs between `old`, the state of update `generation`, and `new`, the next.
  func changedKeys(from old: State, to new: State, generation: UInt64) -> [Key] {
    var keys: [Key] = []
    for entry in entries where entry.hasChanged(old, new) { keys.append(entry.key) }
    for reads in collections.values {
      reads.collectChangedKeys(from: old, to: new, generation: generation, into: &keys)
    }
    return keys
  }
}

/// Names one tracked part of the state inside a model's observation keys: a key path of the state, and
/// for an element of a collection, the element's id.
struct TrackedPart: Hashable {
  let path: AnyKeyPath
  var id: AnyHashable?
}
