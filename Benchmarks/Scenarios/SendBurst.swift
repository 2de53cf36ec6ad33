import Actuate

/// Throughput of the ordered intake: a burst of sends nobody awaits, then a wait for the last one.
///
/// The baseline awaits a bare actor once per action. A loop of unstructured `Task { await actor.f() }`
/// would be cheaper per call but applies the calls in no particular order, which is not the same work:
/// the ordered sequence of calls is the least the language offers that keeps Actuate's ordering guarantee.
enum SendBurst {
  static let scenario = Scenario(name: "send-burst", target: .ratio(10)) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        let store = Store(initialState: Counter.State(), interactor: Counter())
        let elapsed = await timeBurst(count) { store.send(.numbered($0)) }
        let state = await store.state
        try check(
          state.count == count && state.outOfOrder == 0 && state.next == count,
          "the store applied \(state.count) of \(count), \(state.outOfOrder) out of order")
        return elapsed
      },
      baseline: {
        let counter = BareCounter()
        let start = ContinuousClock.now
        for number in 0..<count { await counter.numbered(number) }
        let elapsed = ContinuousClock.now - start
        let (applied, outOfOrder) = await (counter.count, counter.outOfOrder)
        try check(applied == count && outOfOrder == 0, "the bare actor applied \(applied) of \(count)")
        return elapsed
      }
    )
    var result = ScenarioResult(
      name: "send-burst", count: count, runs: runs, baseline: "awaiting a bare actor method per action, in order",
      target: .ratio(10), settings: settings)
    result.notes.append("final state checked: every action applied, in the order sent")
    return result
  }
}
