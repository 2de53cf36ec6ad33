// error: actor-isolated subscript 'subscript(dynamicMember:)' can not be mutated from a nonisolated context
import Actuate

struct Counter: Interactor {
  struct State: Sendable { var count = 0 }
  enum Action: Sendable { case increment }

  func onAction(_ action: Action, store: StoreOf<Self>) async {
    store.count += 1
  }
}
