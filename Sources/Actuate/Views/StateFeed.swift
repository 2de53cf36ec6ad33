/// Hands a store's latest state to one main-actor consumer: a newer state replaces one not yet taken, so
/// the changes that arrive before the consumer runs again reach it as one.
///
/// Not a ``SubscriberBuffer``: that one keeps every value for a consumer that must see each of them, where
/// a view only ever needs the newest, and waking it once for a burst is the point.
final class StateFeed<State: Sendable>: Sendable {
  private struct Slot {
    var latest: State?
    var waiter: CheckedContinuation<Void, Never>?
    var isAttached = false
    var isFinished = false
    var isCancelled = false
  }

  private let slot = Locked(Slot())

  /// Replaces the state not yet taken and wakes the consumer. Returns `false` once the consumer has gone.
  func push(_ state: State) -> Bool {
    let waiter = slot.withLock { slot -> CheckedContinuation<Void, Never>?? in
      if slot.isCancelled { return .none }
      slot.latest = state
      defer { slot.waiter = nil }
      return .some(slot.waiter)
    }
    guard let waiter else { return false }
    waiter?.resume()
    return true
  }

  /// Marks the feed attached to its store; `false` if it already was.
  func attach() -> Bool {
    slot.withLock { slot in
      defer { slot.isAttached = true }
      return !slot.isAttached
    }
  }

  /// The store has stopped: the consumer gets the last state, then `nil`.
  func finish() {
    let waiter = slot.withLock { slot in
      slot.isFinished = true
      defer { slot.waiter = nil }
      return slot.waiter
    }
    waiter?.resume()
  }

  /// The consumer has gone: drop what is held and end the wait.
  func cancel() {
    let waiter = slot.withLock { slot in
      slot.isCancelled = true
      slot.latest = nil
      defer { slot.waiter = nil }
      return slot.waiter
    }
    waiter?.resume()
  }

  /// The newest state not yet taken, if any, without waiting.
  func take() -> State? {
    slot.withLock { slot in
      defer { slot.latest = nil }
      return slot.latest
    }
  }

  /// Waits for a state newer than the last one taken, and takes the newest at the moment the consumer
  /// runs, not at the moment it was woken. `nil` once the store has stopped and everything was taken, or
  /// the consumer has gone.
  func next(isolation actor: isolated (any Actor)? = #isolation) async -> State? {
    while true {
      let outcome = slot.withLock { slot -> State?? in
        if slot.isCancelled { return .some(nil) }
        if let latest = slot.latest {
          slot.latest = nil
          return .some(latest)
        }
        return slot.isFinished ? .some(nil) : nil
      }
      if let outcome { return outcome }
      await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Void, Never>) in
        let ready = slot.withLock { slot -> Bool in
          if slot.latest != nil || slot.isFinished || slot.isCancelled { return true }
          slot.waiter = continuation
          return false
        }
        if ready { continuation.resume() }
      }
    }
  }
}
