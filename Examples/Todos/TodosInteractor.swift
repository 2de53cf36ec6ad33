import Actuate
import Foundation

/// A todo list whose completed todos move to the end, a second after the last one was ticked: long enough
/// to see what was ticked, or to untick it, before the list rearranges itself.
struct TodosInteractor: Interactor {
  struct State: Equatable, Sendable {
    var todos: [Todo] = []
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case toggle(Todo.ID)
    /// Internal: sent after every toggle; only the last one of a burst runs.
    case sortCompleted
  }

  static let sortDelay = Duration.seconds(1)

  /// Makes the id of each new todo: `UUID.init` in the app, a predictable sequence in tests.
  let uuid: @Sendable () -> UUID

  func onAction(_ action: Action, store: isolated StoreOf<Self>) async {
    switch action {
    case .add(let title):
      let todo = Todo(id: uuid(), title: title)
      // Before the completed ones, so that adding never needs a sort.
      store.todos.insert(todo, at: store.todos.firstIndex(where: \.isDone) ?? store.todos.endIndex)
    case .toggle(let id):
      guard let index = store.todos.firstIndex(where: { $0.id == id }) else { return }
      store.todos[index].isDone.toggle()
      store.send(.sortCompleted)
    case .sortCompleted:
      // A stable partition: todos keep their order within each group, and an unchanged list is no change.
      store.todos = store.todos.filter { !$0.isDone } + store.todos.filter(\.isDone)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .sortCompleted: .debounce(id: SortCompleted(), for: Self.sortDelay)
    case .add, .toggle: .concurrent
    }
  }

  private struct SortCompleted: Hashable {}
}
