import Actuate

/// Opens once `count` arrivals have happened: how a scenario waits for work that reports no completion itself.
final class Latch: Sendable {
  private struct State {
    var remaining: Int
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state: Locked<State>

  init(count: Int) {
    state = Locked(State(remaining: count))
  }

  func arrive() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.remaining -= 1
      guard state.remaining == 0 else { return nil }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let open = state.withLock { state -> Bool in
        if state.remaining <= 0 { return true }
        state.waiter = continuation
        return false
      }
      if open { continuation.resume() }
    }
  }
}
