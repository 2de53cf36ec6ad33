import Actuate
import Foundation

let store = Store(initialState: .init(), interactor: TodosInteractor(uuid: UUID.init))

let printer = Task {
  for await todos in store.values(\.todos) {
    print(todos.map { "[\($0.isDone ? "x" : " ")] \($0.title)" }.joined(separator: "  "))
  }
}

for title in ["Milk", "Eggs", "Bread", "Coffee"] {
  store.send(.add(title))
}
let todos = await store.state.todos
store.send(.todo(todos[3].id, .rename("  Decaf coffee ")))  // each todo is a child with its own interactor
store.send(.todo(todos[1].id, .deleteTapped))  // the list reacts: it removes the todo
store.send(.todo(todos[0].id, .toggle))
try? await Task.sleep(for: .milliseconds(500))
await store.send(.todo(todos[2].id, .toggle)).finish()  // within the second: the sort now waits a second from here
for await todos in store.values(\.todos) where !todos.drop(while: { !$0.isDone }).contains(where: { !$0.isDone }) {
  break  // the completed todos are at the end
}
store.stop()
await printer.value
