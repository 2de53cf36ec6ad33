import Actuate

let store = Store(initialState: .init(), interactor: Tally())
store.send(.step)
await store.send(.step).finish()
print("count: \(await store.state.count)")
