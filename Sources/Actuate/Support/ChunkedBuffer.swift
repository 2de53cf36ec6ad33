/// A first-in, first-out buffer kept in chunks of fixed size, for a producer that may run far ahead of its
/// consumer.
///
/// One growing array would copy everything put so far each time it doubled, and touch fresh pages for the
/// copy: the producer (a store, for its debug log) would pay for the consumer's backlog. Here a full chunk
/// is set aside as it is, and the consumer hands emptied chunks back for reuse.
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
    if current.capacity == 0 { current = freshChunk() }
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
      current = freshChunk()
    }
    return taken
  }

  /// Takes back chunks handed out by `takeAll()`, once their elements are done with.
  mutating func recycle(_ chunks: inout [[Element]]) {
    while spares.count < maxSpares, var chunk = chunks.popLast() {
      chunk.removeAll(keepingCapacity: true)
      spares.append(chunk)
    }
  }

  private mutating func freshChunk() -> [Element] {
    if let spare = spares.popLast() { return spare }
    var chunk: [Element] = []
    chunk.reserveCapacity(chunkSize)
    return chunk
  }
}
