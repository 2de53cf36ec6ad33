/// One subscription's queue of values, filled by the store and drained by one iterator.
///
/// Not an `AsyncStream`: a consumer isolated to the store (a hook) must be resumed straight onto the
/// store's executor, so that what it does in reaction to a change runs in the store's next job rather than
/// after a detour through the global executor. That keeps hooks on the store's own state deterministic.
final class SubscriberBuffer<Element: Sendable>: Sendable {
  private struct State {
    var values: [Element] = []
    var head = 0
    var waiter: CheckedContinuation<Element?, Never>?
    var isFinished = false
    /// A value went to the waiting consumer, which has not asked for the next one yet.
    var isDelivering = false
  }

  private let state = Locked(State())
  /// Set for consumers isolated to the store (hooks), whose reactions a settling store waits for: the
  /// store's tracker, and the record of the hook's task, which the tracker counts deliveries by.
  private let tracking: (tracker: DeliveryTracker, consumer: TaskRecord)?

  init(tracking: (tracker: DeliveryTracker, consumer: TaskRecord)? = nil) {
    self.tracking = tracking
  }

  /// A buffer whose subscription has ended already: its consumer gets `nil` at once.
  static func finished() -> SubscriberBuffer {
    let buffer = SubscriberBuffer()
    buffer.finish()
    return buffer
  }

  /// Appends a value and wakes the consumer. Returns `false` once the consumer has gone.
  func push(_ value: Element) -> Bool {
    let outcome = state.withLock { state -> (CheckedContinuation<Element?, Never>?, Bool) in
      if state.isFinished { return (nil, false) }
      if let waiter = state.waiter {
        state.waiter = nil
        if let tracking {
          // Counted under this lock, as `endDelivery` uncounts under it: a cancel from another thread in
          // between would otherwise end a delivery not yet begun, and leave the store busy for good.
          state.isDelivering = true
          tracking.tracker.begin(tracking.consumer)
        }
        return (waiter, true)
      }
      state.values.append(value)
      return (nil, true)
    }
    outcome.0?.resume(returning: value)
    return outcome.1
  }

  /// Ends the subscription: the consumer gets what is buffered, then `nil`.
  func finish() {
    let waiter = state.withLock { state in
      state.isFinished = true
      endDelivery(&state)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// Ends the subscription and drops what is buffered: the consumer has gone.
  func cancel() {
    let waiter = state.withLock { state in
      state.isFinished = true
      endDelivery(&state)
      state.values = []
      state.head = 0
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: nil)
  }

  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    if let value = state.withLock({ state in
      endDelivery(&state)
      return Self.take(&state)
    }) {
      return value
    }
    if let tracking { tracking.tracker.awaitsNext(tracking.consumer) }
    return await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Element?, Never>) in
        let ready = state.withLock { state -> Element?? in
          if let value = Self.take(&state) { return .some(value) }
          if state.isFinished { return .some(nil) }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      cancel()
    }
  }

  /// The consumer is back for more (or gone): its reaction to the last value is over.
  private func endDelivery(_ state: inout State) {
    guard state.isDelivering else { return }
    state.isDelivering = false
    if let tracking { tracking.tracker.end(tracking.consumer) }
  }

  private static func take(_ state: inout State) -> Element? {
    guard state.head < state.values.count else { return nil }
    let value = state.values[state.head]
    state.head += 1
    if state.head == state.values.count {
      state.values.removeAll(keepingCapacity: true)
      state.head = 0
    }
    return value
  }
}

/// Cancels a subscription when the last copy of its iterator goes away.
final class SubscriptionToken<Element: Sendable>: Sendable {
  let buffer: SubscriberBuffer<Element>
  init(_ buffer: SubscriberBuffer<Element>) { self.buffer = buffer }
  deinit { buffer.cancel() }
}
