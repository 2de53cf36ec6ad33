/// The live subscriptions to a store's state, each fed by the store's executor after every change.
struct Subscribers<State> {
  /// Returns `false` once its consumer has gone, so it can be forgotten.
  typealias Publish = (State) -> Bool

  private var entries: [(publish: Publish, finish: () -> Void)] = []

  /// Stored, not asked of `entries`: the store asks on every write, and asking an array of closures over a
  /// generic state looks up the array's type metadata each time.
  private(set) var isEmpty = true

  mutating func add(publish: @escaping Publish, finish: @escaping () -> Void) {
    entries.append((publish, finish))
    isEmpty = false
  }

  mutating func publish(_ state: State) {
    guard !isEmpty else { return }
    entries.removeAll { !$0.publish(state) }
    isEmpty = entries.isEmpty
  }

  mutating func finishAll() {
    for entry in entries { entry.finish() }
    entries = []
    isEmpty = true
  }
}

extension StoreActor {
  /// Registers a subscriber: its stream starts with the current value and then gets every distinct one.
  func subscribe<Value: Sendable>(
    _ extract: @escaping @Sendable (I.State) -> Value,
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    var last = extract(current)
    continuation.yield(last)
    guard !isStopped else {
      continuation.finish()
      return stream
    }
    subscribers.add(
      publish: { state in
        let value = extract(state)
        if isDuplicate(last, value) { return true }
        last = value
        if case .terminated = continuation.yield(value) { return false }
        return true
      },
      finish: { continuation.finish() }
    )
    return stream
  }
}
