import Actuate
import Foundation

/// What a trace costs: the send-await loop with every action traced to a file (a span, its handler's run
/// and a state change with its diff, per action), against the same loop with logging off. The bar
/// is at most 2×.
///
/// Two figures, because the formatting happens on the writer, off the store: `trace-writing` times the loop
/// the program runs (what tracing costs the store), and `trace-writing-drained` also waits until the writer
/// has written everything (what it costs the machine, with one core of two formatting).
enum TraceWriting {
  static let scenario = Scenario(name: "trace-writing", target: .ratio(2)) { settings in
    try await run(settings, name: "trace-writing", includingTheWriter: false, target: .ratio(2))
  }

  static let drained = Scenario(name: "trace-writing-drained", target: .none) { settings in
    try await run(settings, name: "trace-writing-drained", includingTheWriter: true, target: .none)
  }

  private static func run(_ settings: Settings, name: String, includingTheWriter: Bool, target: Target) async throws
    -> ScenarioResult
  {
    let count = settings.count(100_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-benchmark-\(name).json").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let runs = try await settings.compare(
      actuate: {
        let store = Store(
          initialState: Counter.State(), interactor: Counter(), debug: .using(DebugLog(try .trace(path))))
        let start = ContinuousClock.now
        for _ in 0..<count { await store.sendAndWait(.increment) }
        if includingTheWriter { await store.flushDebugLog() }
        let elapsed = ContinuousClock.now - start
        // Either way the next run starts with the writer idle.
        await store.flushDebugLog()
        let final = await store.state.count
        try check(final == count, "the traced store counted \(final) of \(count)")
        return elapsed
      },
      baseline: {
        let store = Store(initialState: Counter.State(), interactor: Counter(), debug: .off)
        return try await timeCounterSends(count, in: store) { await $0.sendAndWait(.increment) }
      }
    )
    return ScenarioResult(
      name: name, count: count, runs: runs, baseline: "the same send-await loop with logging off", target: target,
      settings: settings)
  }
}
