/// The live subscriptions to a store's state, each fed by the store's executor after every change.
///
/// Held by reference, and only while there are any: the store asks whether there are on every write, and a
/// pointer test costs it no look-up of an array over its generic state (HowItWorks.md, "Unspecialised
/// code"), where a flag beside the array would cost an idle store a word.
struct Subscribers<State> {
  /// Returns `false` once its consumer has gone, so it can be forgotten.
  typealias Publish = (State) -> Bool

  private var list: List?

  /// The subscriptions, never empty: the last one gone, the store lets the list go.
  private final class List {
    var entries: [(publish: Publish, finish: () -> Void)]

    init(_ entry: (publish: Publish, finish: () -> Void)) {
      entries = [entry]
    }
  }

  /// Whether no one subscribes.
  var isEmpty: Bool { list == nil }

  mutating func add(publish: @escaping Publish, finish: @escaping () -> Void) {
    if let list {
      list.entries.append((publish, finish))
    } else {
      list = List((publish, finish))
    }
  }

  mutating func publish(_ state: State) {
    guard let list else { return }
    list.entries.removeAll { !$0.publish(state) }
    if list.entries.isEmpty { self.list = nil }
  }

  mutating func finishAll() {
    guard let list else { return }
    self.list = nil
    for entry in list.entries { entry.finish() }
  }
}

extension StoreActor {
  /// The values of one property of the state: the current value first, then each distinct value.
  public nonisolated func values<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<I.State, Value> & Sendable
  ) -> StoreValues<Value> {
    StoreValues(
      subscribe: subscription { store, isolation in
        await store.subscribe({ $0[keyPath: keyPath] }, isDuplicate: ==, from: isolation)
      })
  }

  /// The whole state: the current value first, then the state after each change (each distinct change,
  /// when the state is `Equatable`).
  public nonisolated var states: StoreValues<I.State> {
    let isDuplicate = EquatableValues.comparator(for: I.State.self)
    return StoreValues(
      subscribe: subscription { store, isolation in
        await store.subscribe({ $0 }, isDuplicate: isDuplicate, from: isolation)
      })
  }

  /// How a sequence of this store's values subscribes, without holding the store: a root store is reached
  /// through its `Store`, held weakly by the records' home, so a sequence or iterator kept after the `Store`
  /// is gone keeps neither the actor nor the interactor alive, and one made then ends at once. (Not a weak
  /// reference to the actor itself, which would slow every retain of it.) A child store lives only as long
  /// as its root runs it, and is held as before.
  private nonisolated func subscription<Value>(
    _ subscribe: @escaping @Sendable (StoreActor<I>, isolated (any Actor)?) async -> SubscriberBuffer<Value>
  ) -> @Sendable (isolated (any Actor)?) async -> SubscriberBuffer<Value> {
    if isChild { return { isolation in await subscribe(self, isolation) } }
    let home = self.home
    return { isolation in
      guard let store = home.store as? StoreActor<I> else { return SubscriberBuffer.finished() }
      return await subscribe(store, isolation)
    }
  }

  /// Registers a subscriber: its buffer starts with the current value and then gets every distinct one.
  func subscribe<Value: Sendable>(
    _ extract: @escaping @Sendable (I.State) -> Value,
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    from isolation: (any Actor)?
  ) -> SubscriberBuffer<Value> {
    let isHook = (isolation as AnyObject?) === self
    // A hook subscribes from its own task, whose record the tracker counts the hook's deliveries by.
    let consumer = isHook ? TaskContext.current : nil
    (consumer as? HookRecord<I>)?.takesStoreValues = true
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
    guard !stretch.isStopped else { return finish() }
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

  /// Whether any subscription is live: how a test sees that one whose consumer went away was forgotten.
  var hasSubscribers: Bool { !subscribers.isEmpty }

  // MARK: A view store's feed

  /// Feeds `feed` every distinct state from now on, starting with the current one; attaching it again does
  /// nothing. A stopped store hands it its last state and finishes it.
  func attach(_ feed: StateFeed<I.State>) {
    guard feed.attach() else { return }
    subscribe(
      { $0 }, isDuplicate: EquatableValues.comparator(for: I.State.self), push: feed.push, finish: feed.finish)
  }

  /// Attaches `feed` and takes the state it starts with: the store's as of now.
  func stateAttaching(_ feed: StateFeed<I.State>) -> I.State {
    attach(feed)
    return feed.take() ?? state
  }

  /// Attaches `feed` if it is not yet, and publishes the writes of a stretch that has ended but whose
  /// change is still waiting to be published, so that `feed` holds the store's state as of now.
  func catchUp(_ feed: StateFeed<I.State>) {
    attach(feed)
    publishChange()
  }
}
