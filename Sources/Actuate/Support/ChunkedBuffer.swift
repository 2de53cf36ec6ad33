/// A first-in, first-out buffer kept in chunks of fixed size, for a producer that may run far ahead of its
/// consumer.
///
/// One growing array would copy everything put so far each time it doubled, and touch fresh pages for the
/// copy: the producer (a store, for its debug log) would pay for the consumer's backlog. Here a full chunk
/// is set aside as it is, and the consumer hands emptied chunks back for reuse while a backlog lasts.
///
/// Once the consumer has caught up, the buffer keeps no room at all: a service holds thousands of stores that
/// are idle most of the time, and a full chunk kept by each would make an idle logged store cost many times
/// what its state does. The next element after that starts a small chunk, which grows to full size only
/// under a burst.
struct ChunkedBuffer<Element> {
  private let chunkSize: Int
  /// The most emptied chunks kept for reuse.
  private let maxSpares: Int
  private var full: [[Element]] = []
  private var current: [Element] = []
  private var spares: [[Element]] = []
  /// How many elements wait to be taken.
  private(set) var count = 0

  init(chunkSize: Int, maxSpares: Int) {
    self.chunkSize = chunkSize
    self.maxSpares = maxSpares
  }

  var isEmpty: Bool { count == 0 }

  mutating func append(_ element: Element) {
    if current.capacity == 0 { current = spares.popLast() ?? Self.smallChunk }
    current.append(element)
    count += 1
    if current.count == chunkSize {
      full.append(current)
      current = freshChunk()
    }
  }

  /// Takes everything appended so far, oldest chunk first.
  mutating func takeAll() -> [[Element]] {
    var taken = full
    full = []
    count = 0
    if !current.isEmpty {
      taken.append(current)
      current = []
    }
    return taken
  }

  /// Takes back chunks handed out by `takeAll()`, once their elements are done with: kept for reuse while
  /// elements wait (the producer is ahead), let go with every spare once none does.
  mutating func recycle(_ chunks: inout [[Element]]) {
    guard count > 0 else {
      spares = []
      return
    }
    while spares.count < maxSpares, var chunk = chunks.popLast() {
      guard chunk.capacity >= chunkSize else { continue }
      chunk.removeAll(keepingCapacity: true)
      spares.append(chunk)
    }
  }

  /// How many emptied chunks are kept for reuse.
  var spareCount: Int { spares.count }

  /// Room for this many elements is held, taken or not: what the buffer costs while nothing waits.
  var reservedCapacity: Int { current.capacity + spares.reduce(0) { $0 + $1.capacity } }

  private static var smallChunk: [Element] {
    var chunk: [Element] = []
    chunk.reserveCapacity(16)
    return chunk
  }

  private mutating func freshChunk() -> [Element] {
    if let spare = spares.popLast() { return spare }
    var chunk: [Element] = []
    chunk.reserveCapacity(chunkSize)
    return chunk
  }
}
