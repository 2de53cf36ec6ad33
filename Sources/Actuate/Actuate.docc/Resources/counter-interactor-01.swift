import Actuate

/// A counter that fetches a fact about its number (the newest fetch cancels the older one) and counts the
/// ticks of a timer hook.
struct CounterInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .decrement:
      store.count -= 1
    }
  }
}
