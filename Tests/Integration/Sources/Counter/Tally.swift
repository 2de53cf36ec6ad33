import Actuate

/// A count that a button steps, and a total that arrives a second after it is asked for.
struct Tally: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var total: Int?
  }

  enum Action: Equatable, Sendable {
    case step
    case askTotal
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .step:
      store.count += 1
    case .askTotal:
      try? await store.sleep(for: .seconds(1))
      store.total = store.count
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .askTotal ? .cancelPrevious(id: "total") : .concurrent
  }
}
