import Actuate

let store = Store(initialState: .init(), interactor: StopwatchInteractor(resolution: .milliseconds(100)))

let printer = Task {
  for await state in store.states {
    print(state.isRunning ? "running" : "stopped", state.elapsed)
  }
}

func wait(_ duration: Duration) async {
  try? await Task.sleep(for: duration)
}

store.send(.start)
await wait(.milliseconds(550))
store.send(.stop)
await wait(.milliseconds(400))  // stopped: the ticks change nothing
store.send(.start)
await wait(.milliseconds(350))
store.send(.stop)
store.send(.reset)
await wait(.milliseconds(50))
store.stop()
await printer.value
