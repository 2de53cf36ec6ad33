import Actuate

let store = Store(
  initialState: .init(),
  interactor: CounterInteractor(fact: { number in
    try await Task.sleep(for: .milliseconds(200))
    return "\(number) is \(number.isMultiple(of: 2) ? "even" : "odd")"
  })
)

let printer = Task {
  for await state in store.states {
    let fact = state.isLoadingFact ? "loading…" : state.fact ?? "-"
    print("count: \(state.count)  ticks: \(state.ticks)  fact: \(fact)")
  }
}

store.send(.increment)
store.send(.increment)
try? await Task.sleep(for: .milliseconds(600))  // let the timer tick a few times
print("final:", await store.state)
store.stop()
await printer.value
