/// The store's observers, with their emptiness stored: the store asks on every write and every action, and
/// asking an array of closures over a generic event type looks up the array's type metadata each time.
struct Observers<I: Interactor>: Sequence {
  private var list: [StoreObserver<I>]
  private(set) var isEmpty: Bool

  init(_ list: [StoreObserver<I>]) {
    self.list = list
    isEmpty = list.isEmpty
  }

  mutating func append(_ observer: @escaping StoreObserver<I>) {
    list.append(observer)
    isEmpty = false
  }

  var count: Int { list.count }

  func makeIterator() -> IndexingIterator<[StoreObserver<I>]> {
    list.makeIterator()
  }
}
