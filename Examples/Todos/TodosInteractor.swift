import Actuate
import Foundation

/// A todo list whose completed todos move to the end, a second after the last one was ticked: long enough
/// to see what was ticked, or to untick it, before the list rearranges itself.
///
/// Each todo is a child: its own ``TodoInteractor`` runs against its element of `todos`, and its actions
/// arrive as `.todo(id, action)`. The list reacts to a todo's `.deleteTapped` by removing it, and to what
/// the todos do to their state through a hook that watches which todos are done.
struct TodosInteractor: Interactor {
  struct State: Equatable, Sendable {
    var todos: [Todo] = []

    /// The todos that are done, in no order: ticking one changes it, sorting does not.
    var completed: Set<Todo.ID> { Set(todos.filter(\.isDone).map(\.id)) }
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case todo(Todo.ID, TodoInteractor.Action)
    /// The list's reaction to a todo's `.deleteTapped`.
    case remove(Todo.ID)
    /// Sent by the hook after every tick; only the last one of a burst runs.
    case sortCompleted
  }

  enum Hook: CaseIterable, Sendable {
    case sortWhenCompletionChanges
  }

  static let sortDelay = Duration.seconds(1)

  /// Makes the id of each new todo: `UUID.init` in the app, a predictable sequence in tests.
  let uuid: @Sendable () -> UUID

  var children: [Child<Self>] {
    [
      .forEach(\.todos, interactor: TodoInteractor(), embed: Action.todo) {
        guard case .todo(let id, let action) = $0 else { return nil }
        return (id, action)
      } reaction: { id, action in
        action == .deleteTapped ? .remove(id) : nil
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .add(let title):
      let todo = Todo(id: uuid(), title: title)
      // Before the completed ones, so that adding never needs a sort.
      store.todos.insert(todo, at: store.todos.firstIndex(where: \.isDone) ?? store.todos.endIndex)
    case .todo:
      break  // the todo's own interactor handles it
    case .remove(let id):
      store.todos.removeAll { $0.id == id }
    case .sortCompleted:
      // A stable partition: todos keep their order within each group, and an unchanged list is no change.
      store.todos = store.todos.filter { !$0.isDone } + store.todos.filter(\.isDone)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .sortCompleted: .debounce(id: SortCompleted(), for: Self.sortDelay)
    case .add, .todo, .remove: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    // The first value is the list as it starts: nothing was ticked yet.
    .send(store.values(\.completed).dropFirst()) { _ in .sortCompleted }
  }

  private struct SortCompleted: Hashable {}
}
