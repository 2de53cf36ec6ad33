import Actuate

/// Downloads, two at a time, each also under its own name so that one can be cancelled alone.
struct Downloads: Interactor {
  struct State: Equatable, Sendable {
    var done: [String] = []
  }

  enum Action: Equatable, Sendable {
    case fetch(String)
  }

  func onAction(_ action: Action, store: isolated StoreOf<Self>) async {
    switch action {
    case .fetch(let name):
      try? await store.sleep(for: .seconds(1))
      store.done.append(name)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .fetch(let name): .limit(id: "downloads", max: 2, whenFull: .wait).also(id: name)
    }
  }
}
