import Actuate

/// Throughput of the ordered intake: a burst of sends nobody awaits, then a wait for the last one.
///
/// The baseline awaits a bare actor once per action. A loop of unstructured `Task { await actor.f() }`
/// would be cheaper per call but applies the calls in no particular order, which is not the same work:
/// the ordered sequence of calls is the least the language offers that keeps Actuate's ordering guarantee.
enum SendBurst {
  static let scenario = Scenario(name: "send-burst", target: .ratio(3)) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        let store = Store(initialState: Counter.State(), interactor: Counter())
        let elapsed = await timeBurst(count) { store.send(.numbered($0)) }
        try await checkAppliedInOrder(store, count: count)
        return elapsed
      },
      baseline: { try await timeBareBurst(count) }
    )
    var result = ScenarioResult(
      name: "send-burst", count: count, runs: runs, baseline: "awaiting a bare actor method per action, in order",
      target: .ratio(3), settings: settings)
    result.notes.append("final state checked: every action applied, in the order sent")
    return result
  }
}
