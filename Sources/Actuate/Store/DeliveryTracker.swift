
/// Counts the values handed to hooks that have not come back for the next one yet.
///
/// A resumed task goes through the global executor before it is back on the store, so no round trip
/// through the store can tell that a hook is about to react to a change. This counter can: a store
/// has settled only once every hook that was handed a value has asked for the next.
final class DeliveryTracker: Sendable {
  private struct State {
    var inFlight = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  func begin() {
    state.withLock { $0.inFlight += 1 }
  }

  func end() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.inFlight -= 1
      guard state.inFlight == 0 else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once no delivery is in flight.
  func waitUntilIdle() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let idle = state.withLock { state in
        if state.inFlight == 0 { return true }
        state.waiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }
}
