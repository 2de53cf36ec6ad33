import Actuate

/// Runs `body` under every schedule that deviates from the default order at most `maxDeviations` times,
/// one after another, depth first, until a run fails or none is left: a bounded exhaustive search, for a
/// small test, where seeds only sample.
///
/// ```swift
/// await exploreAllSchedules(maxDeviations: 2) {
///   let store = TestStore(initialState: .init(), interactor: CounterInteractor())
///   await store.overlap {
///     await store.send(.incrementAfterSaving)
///     await store.send(.incrementAfterSaving)
///   }
///   await store.step { $0.count = 1 }
///   await store.step { $0.count = 2 }
///   await store.finish()
/// }
/// ```
///
/// A deviation is a pick of another job than the one ``TestSchedule/inOrder`` runs, wherever several are
/// runnable at once, or inside ``TestStore/overlap(isolation:fileID:filePath:line:column:_:)``, letting the
/// work under way run before the test's call lands. The first run is the default order; each next one
/// changes the last pick it can. Most races need one or two deviations to show, so a small bound covers
/// them, where the schedules without a bound grow exponentially with the test.
///
/// It follows the one ``TestStore`` that `body` makes, and fails for a run that makes more. A failing run is
/// named by its picks, at the line that calls it: `TestStore(…, schedule: .picks([0, 2]))` replays it. After
/// `maxRuns` runs it stops, and the test passes with the schedules it covered. Under Swift Testing, the
/// `.exploringAllSchedules(maxDeviations:)` trait (``ExploringAllSchedulesTrait``) does the same with no
/// wrapper, and stops at an `#expect` of the test's own too.
///
/// - Parameters:
///   - maxDeviations: How many picks of a run may differ from the default order.
///   - maxRuns: How many runs it makes at most.
///   - isolation: The actor `body` runs on: the caller's.
///   - fileID: The file that calls it: a failing run is reported there.
///   - filePath: The path of that file.
///   - line: The line that calls it.
///   - column: The column that calls it.
///   - body: The test, which makes its TestStore inside.
public func exploreAllSchedules(
  maxDeviations: Int = 2,
  maxRuns: Int = 10_000,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  guard maxDeviations >= 0, maxRuns >= 1 else {
    return IssueReporter.fail(
      """
      exploreAllSchedules(maxDeviations: \(maxDeviations), maxRuns: \(maxRuns)) runs nothing: give it 0 or more \
      deviations and 1 or more runs (maxDeviations: 2, the default, finds most races).
      """, at: location)
  }
  var next: [Int]? = []
  var runs = 0
  while let prefix = next, runs < maxRuns {
    runs += 1
    let log = PickLog()
    let failures = FailureCount()
    let schedule = TestSchedule.picks(prefix)
    do {
      try await TestSchedule.$current.withValue(schedule) {
        try await PickLog.$current.withValue(log) {
          try await FailureCount.$current.withValue(failures) { try await body() }
        }
      }
    } catch {
      IssueReporter.fail(allSchedulesNote(runs, schedule, after: "threw \(error)"), at: location)
      throw error
    }
    if log.stores > 1 {
      return IssueReporter.fail(
        """
        exploreAllSchedules follows one TestStore per run, and run \(runs) made \(log.stores): the picks of \
        several would interleave in no fixed order. Make one TestStore in the body, or use exploreSchedules(seeds:).
        """, at: location)
    }
    if failures.count > 0 {
      return IssueReporter.fail(allSchedulesNote(runs, schedule, after: "failed"), at: location)
    }
    next = nextPicks(after: log.picks, maxDeviations: maxDeviations)
  }
}

/// The picks of the next run, depth first: the last pick that can take a later job within the bound does,
/// and the picks after it are left to the default order. `nil` when every schedule within the bound has run.
func nextPicks(after picks: [PickLog.Pick], maxDeviations: Int) -> [Int]? {
  var deviationsBefore = picks.map { $0.choice == 0 ? 0 : 1 }
  var total = 0
  for index in deviationsBefore.indices {
    let own = deviationsBefore[index]
    deviationsBefore[index] = total
    total += own
  }
  for index in picks.indices.reversed() {
    let pick = picks[index]
    let deviations = deviationsBefore[index] + 1
    guard pick.choice + 1 < pick.count, deviations <= maxDeviations else { continue }
    return picks[..<index].map(\.choice) + [pick.choice + 1]
  }
  return nil
}

/// What a failing run's report says: which run of `exploration` it was, and the schedule that replays it.
func allSchedulesNote(
  _ run: Int, _ schedule: TestSchedule, after what: String, exploration: String = "exploreAllSchedules"
) -> String {
  """
  Run \(run) of \(exploration), under schedule \(schedule), \(what). Replay it with \
  TestStore(…, schedule: \(schedule)). A schedule replays the same order in the same build.
  """
}
