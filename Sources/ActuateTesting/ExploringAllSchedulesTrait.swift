#if canImport(Testing)
import Actuate
import Testing

/// Runs a whole Swift Testing test under every schedule that deviates from the default order at most
/// `maxDeviations` times: ``exploreAllSchedules(maxDeviations:maxRuns:isolation:fileID:filePath:line:column:_:)``
/// as a trait, with no wrapper in the test's body.
///
/// ```swift
/// @Test(.exploringAllSchedules(maxDeviations: 2))
/// func incrementsAfterSavingAreNeverLostInAnyOrder() async {
/// ```
///
/// It stops at the first run that fails: a TestStore's failure, an `#expect` or `#require` of the test's
/// own, or an error thrown. Each issue of that run names its schedule, and the test's own source location
/// gets one more, with the `TestStore(…, schedule: .picks([…]))` that replays it. The test makes one
/// TestStore a run; on a parameterized test, each case explores on its own.
public struct ExploringAllSchedulesTrait: TestTrait, TestScoping {
  let maxDeviations: Int
  let maxRuns: Int

  /// Runs the test, or one case of it, under each schedule within the bound, depth first, until a run fails.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard maxDeviations >= 0, maxRuns >= 1 else {
      return IssueReporter.fail(
        """
        exploringAllSchedules(maxDeviations: \(maxDeviations), maxRuns: \(maxRuns)) runs nothing: give it 0 or \
        more deviations and 1 or more runs (maxDeviations: 2, the default, finds most races).
        """, at: test.sourceLocation)
    }
    var next: [Int]? = []
    var runs = 0
    while let prefix = next, runs < maxRuns {
      runs += 1
      let log = PickLog()
      let schedule = TestSchedule.picks(prefix)
      let run = runs
      let passed = try await PickLog.$current.withValue(log) {
        try await runTest(
          test, testCase, under: schedule, replay: "TestStore(…, schedule: \(schedule))",
          note: { allSchedulesNote(run, schedule, after: $0, exploration: "exploringAllSchedules") }, function)
      }
      guard passed else { return }
      if log.stores > 1 {
        return IssueReporter.fail(
          """
          exploringAllSchedules follows one TestStore per run, and run \(runs) made \(log.stores): the picks of \
          several would interleave in no fixed order. Make one TestStore in the test, or use exploringSchedules(seeds:).
          """, at: test.sourceLocation)
      }
      next = nextPicks(after: log.picks, maxDeviations: maxDeviations)
    }
  }
}

// Kept out of the documentation catalog, as `exploringSchedules(seeds:)` is: ExploringAllSchedulesTrait
// documents it.
@_documentation(visibility: internal)
extension Trait where Self == ExploringAllSchedulesTrait {
  /// Runs the test under every schedule that deviates from the default order at most `maxDeviations`
  /// times, at most `maxRuns` runs, until a run fails; the failure names, at the test's own source
  /// location, the `TestStore(…, schedule: .picks([…]))` that replays it.
  ///
  /// ```swift
  /// @Test(.exploringAllSchedules(maxDeviations: 2))
  /// ```
  public static func exploringAllSchedules(maxDeviations: Int = 2, maxRuns: Int = 10_000) -> Self {
    ExploringAllSchedulesTrait(maxDeviations: maxDeviations, maxRuns: maxRuns)
  }
}
#endif
