import Actuate

let store = Store(
  initialState: .init(),
  interactor: CounterInteractor(fact: { number in
    try await Task.sleep(for: .milliseconds(200))
    return "\(number) is \(number.isMultiple(of: 2) ? "even" : "odd")"
  })
)

store.send(.increment)
store.send(.increment)
try? await Task.sleep(for: .milliseconds(600))  // let the timer tick a few times
print("final:", await store.state)
store.stop()
