import Actuate
import ActuateTesting

/// What a TestStore costs per assertion: 10,000 sends of the counter, each asserted with its state change,
/// then `finish()`. The baseline is the same sends awaited one by one on a plain `Store`, for scale.
///
/// Outside a test, a TestStore's failures would go to XCTest, which drops a failure reported outside a
/// running test case: the failures are captured instead, and any at all fails the scenario. A deliberately
/// wrong assertion is made first, to show the capture catches what it must.
enum TestStoreAsserting {
  static let scenario = Scenario(name: "teststore-10k", target: .none) { settings in
    let count = settings.count(10_000)
    let wrong = await failures {
      let store = TestStore(initialState: Counter.State(), interactor: Counter())
      await store.send(.increment) { $0.count = 2 }
    }
    try check(wrong.count == 1, "a wrong assertion was reported \(wrong.count) times, not once: \(wrong)")

    let runs = try await settings.compare(
      actuate: {
        let store = TestStore(initialState: Counter.State(), interactor: Counter())
        var elapsed = Duration.zero
        let reported = await failures {
          let start = ContinuousClock.now
          for expected in 1...count {
            await store.send(.increment) { $0.count = expected }
          }
          await store.finish()
          elapsed = ContinuousClock.now - start
        }
        try check(
          reported.isEmpty, "the TestStore reported \(reported.count) failures; the first: \(reported.first ?? "")")
        try check(store.state.count == count, "the TestStore asserted a count of \(store.state.count), not \(count)")
        return elapsed
      },
      baseline: {
        try await timeCounterSends(count) { await $0.send(.increment).finish() }
      }
    )
    var result = ScenarioResult(
      name: "teststore-10k", count: count, runs: runs, baseline: "the same sends awaited on a plain Store",
      target: .none, settings: settings)
    result.notes.append("per op is per asserted send; any failure the TestStore reports fails the scenario")
    return result
  }

  /// The failures the TestStore reports while `body` runs, taken from it instead of the test frameworks.
  ///
  /// Unoptimised on purpose: Swift 6.3.1's release build specialises `withValue` for this optional closure
  /// type with the metadata of its lowered form, and `swift_task_localValuePush` crashes on it.
  @_optimize(none)
  static func failures(_ body: () async -> Void) async -> [String] {
    let collected = Locked<[String]>([])
    await IssueReporter.$capture.withValue({ message in collected.withLock { $0.append(message) } }) {
      await body()
    }
    return collected.withLock { $0 }
  }
}
