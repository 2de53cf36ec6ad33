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
