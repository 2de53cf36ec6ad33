/// The store's observers, with their emptiness stored: the store asks on every write and every action, and
/// asking an array of closures over a generic event type looks up the array's type metadata each time.
///
/// A debug log is told apart from the other observers: it takes the life of each action through its
/// non-generic ``EventInbox``, so a logged store builds no events for it (see `StoreActor+Events`).
struct Observers<I: Interactor>: Sequence {
  private var list: [StoreObserver<I>]
  /// The debug log's inbox, if the store is logged.
  private(set) var log: EventInbox?
  /// Whether nobody observes: no observer and no log.
  private(set) var isEmpty: Bool
  /// Whether there is an observer other than the log, which needs every event built.
  private(set) var hasListeners: Bool

  init(_ list: [StoreObserver<I>]) {
    self.list = list
    hasListeners = !list.isEmpty
    isEmpty = list.isEmpty
  }

  /// Attaches the debug log's inbox.
  mutating func attach(_ log: EventInbox) {
    self.log = log
    isEmpty = false
  }

  /// How many observe, the log counted as one.
  var count: Int { list.count + (log == nil ? 0 : 1) }

  func makeIterator() -> IndexingIterator<[StoreObserver<I>]> {
    list.makeIterator()
  }
}
