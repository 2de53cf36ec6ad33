import Actuate

/// Downloads, two at a time, each also under its own name so that one can be cancelled alone.
struct Downloads: Interactor {
  struct State: Equatable, Sendable {
    var done: [String] = []
  }

  enum Action: Equatable, Sendable {
    case fetch(String)
    /// Outside code cancels by sending an action: its handler cancels at once, inside the store.
    case cancel(String)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .fetch(let name):
      try? await store.sleep(for: .seconds(1))
      store.done.append(name)
    case .cancel(let name):
      store.cancel(id: name)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .fetch(let name): .limit(id: "downloads", max: 2, whenFull: .wait).also(id: name)
    case .cancel: .concurrent
    }
  }
}
