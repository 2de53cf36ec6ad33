import Actuate

/// The floor of a send: one action whose handler never suspends, awaited before the next is sent, through
/// `sendAndWait(_:)`, which carries the action onto the store on the caller's task.
enum SendAwait {
  static let scenario = Scenario(name: "send-await", target: .ratio(4)) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        try await timeCounterSends(count) { await $0.sendAndWait(.increment) }
      },
      baseline: {
        let counter = BareCounter()
        let start = ContinuousClock.now
        for _ in 0..<count { await counter.increment() }
        let elapsed = ContinuousClock.now - start
        let final = await counter.count
        try check(final == count, "the bare actor counted \(final) of \(count)")
        return elapsed
      }
    )
    return ScenarioResult(
      name: "send-await", count: count, runs: runs, baseline: "awaiting a bare actor method per action",
      target: .ratio(4), settings: settings)
  }

  /// The same loop written `await store.send(action).finish()`: the send leaves the action to a job of the
  /// store's own, which runs on another thread, and `finish()` waits for that thread to resume it.
  static let finishing = Scenario(name: "send-finish", target: .none) { settings in
    let count = settings.count(1_000_000)
    let runs = try await settings.compare(
      actuate: {
        try await timeCounterSends(count) { await $0.send(.increment).finish() }
      },
      baseline: {
        try await timeCounterSends(count) { await $0.sendAndWait(.increment) }
      }
    )
    return ScenarioResult(
      name: "send-finish", count: count, runs: runs, baseline: "the same loop with sendAndWait(_:)",
      target: .none, settings: settings)
  }
}
