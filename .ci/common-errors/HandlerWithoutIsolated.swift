// error: non-Sendable type 'WritableKeyPath<Counter.State, Int>' cannot be sent into actor-isolated context in call to subscript 'subscript(dynamicMember:)'
// error: expression is 'async' but is not marked with 'await'
// error: actor-isolated subscript 'subscript(dynamicMember:)' can not be mutated from a nonisolated context
import Actuate

struct Counter: Interactor {
  struct State: Sendable {
    var count = 0
    var limit = 10
  }
  enum Action: Sendable { case increment }

  func onAction(_ action: Action, store: StoreActor<Self>) async {
    switch action {
    case .increment:
      if store.count < store.limit {
        store.count += 1
      }
    }
  }
}
