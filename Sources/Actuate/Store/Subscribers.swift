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
  var hasSubscribers: Bool { !subscribers.isEmpty }

  /// Registers a subscriber: its buffer starts with the current value and then gets every distinct one.
  func subscribe<Value: Sendable>(
    _ extract: @escaping @Sendable (I.State) -> Value,
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    from isolation: (any Actor)?
  ) -> SubscriberBuffer<Value> {
    let isHook = (isolation as AnyObject?) === self
    // A hook subscribes from its own task, whose record the tracker counts the hook's deliveries by.
    let consumer = isHook ? TaskContext.current : nil
    let buffer = SubscriberBuffer<Value>(tracking: consumer.map { (deliveries, $0) })
    subscribe(extract, isDuplicate: isDuplicate, push: buffer.push, finish: buffer.finish)
    return buffer
  }

  /// Hands `push` the current value at once, then each distinct value after a change, until `push` returns
  /// `false` (its consumer has gone); a stopped store calls `finish` instead, and so does a stop later.
  func subscribe<Value>(
    _ extract: @escaping (I.State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool,
    push: @escaping (Value) -> Bool, finish: @escaping () -> Void
  ) {
    var last = extract(state)
    _ = push(last)
    guard !isStopped else { return finish() }
    subscribers.add(
      publish: { state in
        let value = extract(state)
        if isDuplicate(last, value) { return true }
        last = value
        return push(value)
      },
      finish: finish
    )
  }
}
