import Actuate
import Foundation

/// What a trace costs: the send-await loop with every action traced to a file (a span, its handler's run
/// and a state change with its diff, per action), waiting at the end until the writer has written it all,
/// against the same loop with logging off. The bar: at most 2×.
enum TraceWriting {
  static let scenario = Scenario(name: "trace-writing", target: .ratio(2)) { settings in
    let count = settings.count(100_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-benchmark-trace.json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let runs = try await settings.compare(
      actuate: {
        let debug = DebugStore(try .trace(path))
        let store = Store(state: Counter.State(), interactor: Counter(), debug: .using(debug))
        let start = ContinuousClock.now
        for _ in 0..<count { await store.sendAndWait(.increment) }
        await store.flushDebugLog()
        let elapsed = ContinuousClock.now - start
        let final = await store.state.count
        try check(final == count, "the traced store counted \(final) of \(count)")
        return elapsed
      },
      baseline: {
        let store = Store(state: Counter.State(), interactor: Counter(), debug: .off)
        return try await timeCounterSends(count, in: store) { await $0.sendAndWait(.increment) }
      }
    )
    return ScenarioResult(
      name: "trace-writing", count: count, runs: runs, baseline: "the same send-await loop with logging off",
      target: .ratio(2), settings: settings)
  }
}
