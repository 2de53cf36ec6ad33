import Actuate

/// What an attached observer costs per action, with an observer that does nothing: the floor under any
/// DebugLog, which attaches the same way.
enum ObservedSend {
  static let scenario = Scenario(name: "observed-send", target: .none) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        let store = Store(
          initialState: Counter.State(), interactor: Counter(), clock: ContinuousClock(), hooks: [],
          observers: [{ _, event in keep(event) }])
        return try await timeCounterSends(count, in: store) { await $0.send(.increment).finish() }
      },
      baseline: {
        try await timeCounterSends(count) { await $0.send(.increment).finish() }
      }
    )
    return ScenarioResult(
      name: "observed-send", count: count, runs: runs, baseline: "send-await with no observer",
      target: .none, settings: settings)
  }
}
