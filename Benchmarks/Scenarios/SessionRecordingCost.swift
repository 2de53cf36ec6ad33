import Actuate

import Foundation

/// What recording a session costs: the send-await loop with every action and change recorded to a file
/// (waiting until the writer has written it all), against the same loop recording nothing. Next to
/// `debugstore-logging`, which logs the same loop.
///
/// A store that records nothing gets no observer and no wrapped clock, so it runs exactly the code of a
/// store built before sessions existed; this says what turning recording on costs.
enum SessionRecordingCost {
  static let scenario = Scenario(name: "session-recording", target: .none) { settings in
    let count = settings.count(100_000)
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-benchmark-session.jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let runs = try await settings.compare(
      actuate: {
        let store = Store(
          initialState: Counter.State(), interactor: Counter(), debug: .off, recording: .file(path))
        let start = ContinuousClock.now
        for _ in 0..<count { await store.send(.increment).finish() }
        await store.flushDebugLog()
        let elapsed = ContinuousClock.now - start
        let final = await store.state.count
        try check(final == count, "the recorded store counted \(final) of \(count)")
        return elapsed
      },
      baseline: {
        let store = Store(initialState: Counter.State(), interactor: Counter(), debug: .off, recording: .off)
        return try await timeCounterSends(count, in: store) { await $0.send(.increment).finish() }
      }
    )
    return ScenarioResult(
      name: "session-recording", count: count, runs: runs, baseline: "the same loop recording nothing",
      target: .none, settings: settings)
  }
}
