/// The store's observers, with their emptiness stored: the store asks on every write and every action, and
/// asking an array of closures over a generic event type looks up the array's type metadata each time.
///
/// A watcher is told apart from the other observers: it is told the life of each action and each change
/// through the non-generic ``StoreWatcher``, so a watched store builds no events for it (see
/// `StoreActor+Observers`).
struct Observers<I: Interactor>: Sequence {
  private var list: [StoreObserver<I>]
  /// The store's watcher, if it has one.
  private(set) var watcher: (any StoreWatcher)?
  /// Whether nobody observes: no observer and no watcher.
  private(set) var isEmpty: Bool
  /// Whether there is an observer other than the watcher, which needs every event built.
  private(set) var hasListeners: Bool

  init(_ list: [StoreObserver<I>]) {
    self.list = list
    hasListeners = !list.isEmpty
    isEmpty = list.isEmpty
  }

  /// Attaches the store's watcher.
  mutating func attach(_ watcher: any StoreWatcher) {
    self.watcher = watcher
    isEmpty = false
  }

  /// How many observe, the watcher counted as one.
  var count: Int { list.count + (watcher == nil ? 0 : 1) }

  func makeIterator() -> IndexingIterator<[StoreObserver<I>]> {
    list.makeIterator()
  }
}
