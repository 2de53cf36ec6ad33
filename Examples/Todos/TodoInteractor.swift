import Actuate

/// One todo: ticking it and renaming it. The list runs one of these per todo, and a test runs one alone.
struct TodoInteractor: Interactor {
  typealias State = Todo

  enum Action: Equatable, Sendable {
    case toggle
    case rename(String)
  }

  func onAction(_ action: Action, store: isolated StoreOf<Self>) async {
    switch action {
    case .toggle:
      store.isDone.toggle()
    case .rename(let title):
      store.title = title.trimmingCharacters(in: .whitespaces)
    }
  }
}
