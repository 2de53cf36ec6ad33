import Actuate

/// One todo: ticking it, renaming it, and asking its list to delete it. The list runs one of these per
/// todo, and a test runs one alone.
struct TodoInteractor: Interactor {
  typealias State = Todo

  enum Action: Equatable, Sendable {
    case toggle
    case rename(String)
    /// The todo's delete button: the list, which holds the todos, removes it.
    case deleteTapped
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .toggle:
      store.isDone.toggle()
    case .rename(let title):
      store.title = title.trimmingCharacters(in: .whitespaces)
    case .deleteTapped:
      break  // the list reacts to it
    }
  }
}
