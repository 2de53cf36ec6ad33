// error: main actor-isolated subscript 'subscript(dynamicMember:)' can not be referenced from a nonisolated context
import Actuate

struct Search: Interactor {
  struct State: Equatable, Sendable { var query = "" }
  enum Action: Sendable { case queryChanged(String) }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if case .queryChanged(let query) = action { store.query = query }
  }
}

@available(macOS 14, iOS 17, *)
func printQuery(of model: StoreModel<Search>) {
  print(model.query)
}
