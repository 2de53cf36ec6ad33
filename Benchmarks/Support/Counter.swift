import Actuate

/// The smallest useful feature: a count, and a check that numbered actions arrive in order.
struct Counter: Interactor {
  // Codable, so that a recorded session (the session-recording scenario) holds its actions and states.
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var next = 0
    var outOfOrder = 0
  }

  enum Action: Codable, Sendable {
    case increment
    case numbered(Int)
    /// `numbered`'s order check, then a suspension (`Task.yield()`), then the count.
    case numberedThenYield(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .numbered(let number):
      if number != store.next { store.outOfOrder += 1 }
      store.next = number + 1
      store.count += 1
    case .numberedThenYield(let number):
      if number != store.next { store.outOfOrder += 1 }
      store.next = number + 1
      await Task.yield()
      store.count += 1
    }
  }
}

/// The baseline for the counter: the same work on a bare actor, which is all the language needs for it.
actor BareCounter {
  var count = 0
  var next = 0
  var outOfOrder = 0

  func increment() {
    count += 1
  }

  func numbered(_ number: Int) {
    if number != next { outOfOrder += 1 }
    next = number + 1
    count += 1
  }
}
