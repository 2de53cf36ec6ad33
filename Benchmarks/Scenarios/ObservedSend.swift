import Actuate

/// What an attached observer costs per action, with an observer that does nothing: the floor under any
/// DebugStore, which attaches the same way.
enum ObservedSend {
  static let scenario = Scenario(name: "observed-send", target: .none) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        let store = Store(
          state: Counter.State(), interactor: Counter(), clock: ContinuousClock(), hooks: [],
          observers: [{ _, event in keep(event) }])
        return try await sendAndAwait(count, to: store)
      },
      baseline: {
        try await sendAndAwait(count, to: Store(state: Counter.State(), interactor: Counter()))
      }
    )
    return ScenarioResult(
      name: "observed-send", count: count, runs: runs, baseline: "send-await with no observer",
      target: .none, settings: settings)
  }

  private static func sendAndAwait(_ count: Int, to store: Store<Counter>) async throws -> Duration {
    let start = ContinuousClock.now
    for _ in 0..<count { await store.send(.increment).finish() }
    let elapsed = ContinuousClock.now - start
    let final = await store.state.count
    try check(final == count, "the store counted \(final) of \(count)")
    return elapsed
  }
}
