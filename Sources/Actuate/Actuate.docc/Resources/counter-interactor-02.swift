import Actuate

/// A counter that fetches a fact about its number (the newest fetch cancels the older one) and counts the
/// ticks of a timer hook.
struct CounterInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case fetchFact
  }

  /// The fact service, injected so that tests and this demo choose what it does.
  let fact: @Sendable (Int) async throws -> String

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .decrement:
      store.count -= 1
    case .fetchFact:
      store.isLoadingFact = true
      let fact = try? await fact(store.count)
      store.fact = fact ?? "no fact today"
      store.isLoadingFact = false
    }
  }
}
