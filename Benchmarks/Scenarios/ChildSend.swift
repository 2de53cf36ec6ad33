import Actuate

/// What a child costs: the send-burst work, every action carried by a parent to its child, against the
/// same burst sent to the counter's own store.
enum ChildSend {
  static let scenario = Scenario(name: "child-send", target: .none) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        let store = Store(initialState: CounterShelf.State(), interactor: CounterShelf())
        let elapsed = await timeBurst(count) { store.send(.counter(.numbered($0))) }
        let state = await store.state.counter
        try check(
          state.count == count && state.outOfOrder == 0,
          "the child applied \(state.count) of \(count), \(state.outOfOrder) out of order")
        return elapsed
      },
      baseline: {
        let store = Store(initialState: Counter.State(), interactor: Counter())
        let elapsed = await timeBurst(count) { store.send(.numbered($0)) }
        let state = await store.state
        try check(state.count == count && state.outOfOrder == 0, "the store applied \(state.count) of \(count)")
        return elapsed
      }
    )
    var result = ScenarioResult(
      name: "child-send", count: count, runs: runs, baseline: "the same burst to the counter's own store",
      target: .none, settings: settings)
    result.notes.append("reported: the cost of routing each action through a parent to its child")
    return result
  }
}
