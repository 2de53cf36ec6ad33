/// The store's observers, with their emptiness stored: the store asks on every write and every action, and
/// asking an array of closures over a generic event type looks up the array's type metadata each time.
///
/// A watcher is told apart from the other observers: it is told the life of each action and each change
/// through the non-generic ``StoreWatcher``, so a watched store builds no events for it (see
/// `StoreActor+Observers`).
///
/// The observers themselves are held by reference, and only when there are any: most stores are observed by
/// nobody, and the list, the watcher and the two flags inline would cost each of them 32 bytes, where the
/// reference costs 8, and whether anyone observes is a pointer test.
struct Observers<I: Interactor>: Sequence {
  private var everyone: Everyone?

  /// Whether nobody observes: no observer and no watcher.
  var isEmpty: Bool { everyone == nil }
  /// Whether there is an observer other than the watcher, which needs every event built.
  var hasListeners: Bool { everyone?.hasListeners ?? false }

  /// The observers, once there are any. Never changed in place: a value of `Observers` keeps the ones it had.
  private final class Everyone {
    let list: [StoreObserver<I>]
    let watcher: (any StoreWatcher)?
    /// `!list.isEmpty`, stored: asked of every event, it looks up no array type.
    let hasListeners: Bool

    init(list: [StoreObserver<I>], watcher: (any StoreWatcher)?) {
      self.list = list
      self.watcher = watcher
      hasListeners = !list.isEmpty
    }
  }

  init(_ list: [StoreObserver<I>]) {
    everyone = list.isEmpty ? nil : Everyone(list: list, watcher: nil)
  }

  /// The store's watcher, if it has one.
  var watcher: (any StoreWatcher)? { everyone?.watcher }

  /// Attaches the store's watcher.
  mutating func attach(_ watcher: any StoreWatcher) {
    everyone = Everyone(list: everyone?.list ?? [], watcher: watcher)
  }

  /// How many observe, the watcher counted as one.
  var count: Int { (everyone?.list.count ?? 0) + (watcher == nil ? 0 : 1) }

  func makeIterator() -> IndexingIterator<[StoreObserver<I>]> {
    (everyone?.list ?? []).makeIterator()
  }
}
