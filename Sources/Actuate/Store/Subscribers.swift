/// The live subscriptions to a store's state, each fed by the store's executor after every change.
struct Subscribers<State> {
  /// Returns `false` once its consumer has gone, so it can be forgotten.
  typealias Publish = (State) -> Bool

  private var entries: [(publish: Publish, finish: () -> Void)] = []

  var isEmpty: Bool { entries.isEmpty }

  mutating func add(publish: @escaping Publish, finish: @escaping () -> Void) {
    entries.append((publish, finish))
  }

  mutating func publish(_ state: State) {
    guard !entries.isEmpty else { return }
    entries.removeAll { !$0.publish(state) }
  }

  mutating func finishAll() {
    for entry in entries { entry.finish() }
    entries = []
  }
}

extension StoreActor {
  var hasSubscribers: Bool { !subscribers.isEmpty }

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
