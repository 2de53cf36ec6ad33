#if canImport(Testing)
import Testing

/// Runs a whole Swift Testing test once per seed, each time with every ``TestStore`` made in it running
/// its jobs in the order that seed picks: ``exploreSchedules(seeds:isolation:fileID:filePath:line:column:_:)``
/// as a trait, with no wrapper in the test's body.
///
/// ```swift
/// @Test(.exploringSchedules(seeds: 0..<100))
/// func incrementsAreNotLost() async {
///   let store = TestStore(initialState: .init(), interactor: CounterInteractor())
///   await store.overlap {
///     await store.send(.increment)
///     await store.send(.increment)
///   }
///   await store.step { $0.count = 1 }
///   await store.step { $0.count = 2 }
///   await store.finish()
/// }
/// ```
///
/// Write it as `.exploringSchedules(seeds: 0..<100)` among the test's traits; `[17]` replays one seed.
/// `.exploringSchedules(seeds: 0..<100, strategy: .pct(depth: 2))` explores with PCT instead of random picks
/// (``TestSchedule/Strategy``).
///
/// It stops at the first seed whose run fails: a TestStore's failure, an `#expect` or `#require` of the
/// test's own, or an error thrown. Each issue of that run says its seed, and the test's own source location
/// gets one more that says how to replay it. On a parameterized test, each case explores on its own.
public struct ExploringSchedulesTrait: TestTrait, TestScoping {
  /// The seeds, in the order the test runs under them; `nil` for one that was negative.
  let seeds: [UInt64?]
  /// The seeds as the test wrote them, to name a negative one.
  let written: [String]
  /// How each seed becomes a schedule.
  var strategy = TestSchedule.Strategy.random

  /// Runs the test, or one case of it, under each seed until a run fails.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if let index = seeds.firstIndex(of: nil) {
      return IssueReporter.fail(
        "exploringSchedules(seeds:) got the seed \(written[index]): seeds are integers from 0. Give it 0..<100, say.",
        at: test.sourceLocation)
    }
    var steps = 0
    if strategy.countsSteps {
      let counted = StepCount()
      let passed = try await runTest(
        test, testCase, under: .inOrder, counting: counted, replay: "the test without exploring", function)
      guard passed else { return }
      steps = counted.count
    }
    for case let seed? in seeds {
      let written = strategy.countsSteps ? "[\(seed)], strategy: \(strategy)" : "[\(seed)]"
      let replay = "@Test(.exploringSchedules(seeds: \(written)))"
      let schedule = strategy.schedule(seed: seed, steps: steps)
      guard try await runTest(test, testCase, under: schedule, replay: replay, function) else { return }
    }
  }
}

/// Runs a test, or one case of it, once under `schedule`, each error issue of the run naming it and
/// `replay`; reports a failed run at the test's own source location, as `note` words it (by default, with
/// ``replayNote(_:after:replay:)``). Returns whether the run passed.
func runTest(
  _ test: Test, _ testCase: Test.Case?, under schedule: TestSchedule, counting steps: StepCount? = nil,
  replay: String, note: ((_ what: String) -> String)? = nil, _ function: @Sendable () async throws -> Void
) async throws -> Bool {
  let note = note ?? { replayNote(schedule, after: $0, replay: replay) }
  let failures = FailureCount()
  let named = "schedule \(schedule)"
  let scheduleNoted = IssueHandlingTrait.compactMapIssues { issue in
    guard issue.severity >= .error else { return issue }
    failures.add()
    var issue = issue
    if !issue.comments.contains(where: { $0.rawValue.contains(named) }) {
      issue.comments.append("The run under \(named); replay it with \(replay).")
    }
    return issue
  }
  do {
    try await TestSchedule.$current.withValue(schedule) {
      try await StepCount.$current.withValue(steps) {
        try await FailureCount.$current.withValue(failures) {
          try await scheduleNoted.provideScope(for: test, testCase: testCase, performing: function)
        }
      }
    }
  } catch {
    IssueReporter.fail(note("threw \(error)"), at: test.sourceLocation)
    throw error
  }
  guard failures.count == 0 else {
    IssueReporter.fail(note("failed"), at: test.sourceLocation)
    return false
  }
  return true
}

// Kept out of the documentation catalog: an extension of Testing's `Trait` there becomes a page for the
// Testing module, which the catalog's Testing article would override. ExploringSchedulesTrait documents it.
@_documentation(visibility: internal)
extension Trait where Self == ExploringSchedulesTrait {
  /// Runs the test once per seed, in order, with every ``TestStore`` made in it under
  /// ``TestSchedule/seed(_:)``, until a run fails; the failure names the seed at the test's own source
  /// location. `[17]` replays the seed a failure named.
  ///
  /// ```swift
  /// @Test(.exploringSchedules(seeds: 0..<100))
  /// ```
  ///
  /// Seeds are integers from 0; a negative one fails the test, naming it, and runs nothing.
  public static func exploringSchedules(seeds: some Sequence<some BinaryInteger>) -> Self {
    ExploringSchedulesTrait(seeds: seeds.map { UInt64(exactly: $0) }, written: seeds.map { "\($0)" })
  }

  /// Runs the test once per seed, as `strategy` turns each into a schedule, until a run fails:
  /// `.pct(depth: 2)` ranks tasks as ``TestSchedule/pct(seed:depth:steps:)`` does, after one run in the
  /// default order that counts the steps it spreads its changes over.
  ///
  /// ```swift
  /// @Test(.exploringSchedules(seeds: 0..<100, strategy: .pct(depth: 2)))
  /// ```
  public static func exploringSchedules(
    seeds: some Sequence<some BinaryInteger>, strategy: TestSchedule.Strategy
  ) -> Self {
    var trait = ExploringSchedulesTrait(seeds: seeds.map { UInt64(exactly: $0) }, written: seeds.map { "\($0)" })
    trait.strategy = strategy
    return trait
  }
}
#endif
