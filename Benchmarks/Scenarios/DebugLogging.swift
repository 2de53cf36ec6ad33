import Actuate

/// What logging costs: the send-await loop with every action and change logged to a sink that discards
/// them (waiting until the writer has formatted everything), against the same loop with logging off.
///
/// Logging off attaches no observer at all, so a store with logging off runs exactly the code of a store
/// built with no DebugLog in mind (`DebugGlobalTests` checks the store has no observer); the "≤ 5%"
/// target therefore holds by construction, and this scenario reports what turning logging on costs.
enum DebugLogging {
  static let scenario = Scenario(name: "debugstore-logging", target: .ratio(3)) { settings in
    let count = settings.count(100_000)
    let runs = try await compare(
      count, settings: settings, logging: DebugLog(.custom { _ in }), waitingForTheWriter: true)
    return ScenarioResult(
      name: "debugstore-logging", count: count, runs: runs, baseline: "the same loop with logging off",
      target: .ratio(3), settings: settings)
  }

  /// What the synchronous mode costs: the same loop, each entry formatted and written before the store goes
  /// on, against logging off. No target: it is a mode for chasing a crash, and this says what it costs.
  static let synchronous = Scenario(name: "debugstore-sync-logging", target: .none) { settings in
    let count = settings.count(100_000)
    var debug = DebugLog(.custom { _ in })
    debug.writesSynchronously = true
    let runs = try await compare(count, settings: settings, logging: debug, waitingForTheWriter: false)
    return ScenarioResult(
      name: "debugstore-sync-logging", count: count, runs: runs, baseline: "the same loop with logging off",
      target: .none, settings: settings)
  }

  /// The send-await loop logged to `debug` (then, if asked, waiting until the writer has written it all),
  /// against the same loop with logging off.
  private static func compare(
    _ count: Int, settings: Settings, logging debug: DebugLog, waitingForTheWriter: Bool
  ) async throws -> Runs {
    try await settings.compare(
      actuate: {
        let store = Store(initialState: Counter.State(), interactor: Counter(), debug: .using(debug))
        let start = ContinuousClock.now
        for _ in 0..<count { await store.send(.increment).finish() }
        if waitingForTheWriter { await store.flushDebugLog() }
        let elapsed = ContinuousClock.now - start
        let final = await store.state.count
        try check(final == count, "the logged store counted \(final) of \(count)")
        return elapsed
      },
      baseline: {
        let store = Store(initialState: Counter.State(), interactor: Counter(), debug: .off)
        return try await timeCounterSends(count, in: store) { await $0.send(.increment).finish() }
      }
    )
  }
}
