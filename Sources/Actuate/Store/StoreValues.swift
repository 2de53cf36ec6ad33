/// The values of a store's state over time: the current value first, then each distinct value as it changes.
///
/// Each iteration is its own subscription; any number can run at once. A subscriber that stops iterating is
/// forgotten at the store's next change. The sequence ends when the store stops, by ``Store/stop()`` or
/// when the last reference to its ``Store`` goes away; it does not keep the store alive, and one that starts
/// after that ends at once. A subscriber that falls behind gets every value in order, buffered.
///
/// ```swift
/// for await query in store.values(\.query) {
///   print("query is now", query)
/// }
/// ```
public struct StoreValues<Element: Sendable>: AsyncSequence, Sendable {
  public typealias Failure = Never

  let subscribe: @Sendable (isolated (any Actor)?) async -> SubscriberBuffer<Element>

  /// Starts a subscription; it registers with the store on the first call to `next`.
  public func makeAsyncIterator() -> Iterator {
    Iterator(subscribe: subscribe)
  }

  /// Iterates one subscription. The subscription ends when the last copy of the iterator goes away.
  public struct Iterator: AsyncIteratorProtocol {
    let subscribe: @Sendable (isolated (any Actor)?) async -> SubscriberBuffer<Element>
    var token: SubscriptionToken<Element>?

    /// The next value, or `nil` once the store has stopped or the iterating task was cancelled.
    ///
    /// Called from a hook, it stays on the store's executor, so a hook subscribes before the first action
    /// is handled, misses no change, and reacts to a change in the store's very next job.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      if token == nil {
        token = SubscriptionToken(await subscribe(actor))
      }
      return await token!.buffer.next(isolation: actor)
    }

    /// The next value, or `nil` once the store has stopped.
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}

extension StoreActor {
  /// The values of one property of the state: the current value first, then each distinct value.
  public nonisolated func values<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<I.State, Value> & Sendable
  ) -> StoreValues<Value> {
    StoreValues(subscribe: subscription { store, isolation in
      await store.subscribe({ $0[keyPath: keyPath] }, isDuplicate: ==, from: isolation)
    })
  }

  /// The whole state: the current value first, then the state after each change (each distinct change,
  /// when the state is `Equatable`).
  public nonisolated var states: StoreValues<I.State> {
    let isDuplicate = EquatableValues.comparator(for: I.State.self)
    return StoreValues(subscribe: subscription { store, isolation in
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

  /// Whether any subscription is live: how a test sees that one whose consumer went away was forgotten.
  var hasSubscribers: Bool { !subscribers.isEmpty }
}
