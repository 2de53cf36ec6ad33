import Actuate

/// A parent whose only part is a ``Counter`` child: every action it takes is the child's.
struct CounterShelf: Interactor {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
  }

  enum Action: Sendable {
    case counter(Counter.Action)
  }

  var children: [Child<Self>] {
    [
      .scope(\.counter, interactor: Counter(), embed: Action.counter) {
        guard case .counter(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
}
