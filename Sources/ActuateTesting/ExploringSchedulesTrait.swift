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
///
/// It stops at the first seed whose run fails: a TestStore's failure, an `#expect` or `#require` of the
/// test's own, or an error thrown. Each issue of that run says its seed, and the test's own source location
/// gets one more that says how to replay it. On a parameterized test, each case explores on its own.
public struct ExploringSchedulesTrait: TestTrait, TestScoping {
  /// The seeds, in the order the test runs under them; `nil` for one that was negative.
  let seeds: [UInt64?]
  /// The seeds as the test wrote them, to name a negative one.
  let written: [String]

  /// Runs the test, or one case of it, under each seed until a run fails.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    if let index = seeds.firstIndex(of: nil) {
      return IssueReporter.fail(
        "exploringSchedules(seeds:) got the seed \(written[index]): seeds are integers from 0. Give it 0..<100, say.",
        at: test.sourceLocation)
    }
    for case let seed? in seeds {
      let failures = FailureCount()
      let replay = "@Test(.exploringSchedules(seeds: [\(seed)]))"
      let seedNoted = IssueHandlingTrait.compactMapIssues { issue in
        guard issue.severity >= .error else { return issue }
        failures.add()
        var issue = issue
        if !issue.comments.contains(where: { $0.rawValue.contains("schedule .seed(\(seed))") }) {
          issue.comments.append("The run under schedule .seed(\(seed)); replay it with \(replay).")
        }
        return issue
      }
      do {
        try await TestSchedule.$current.withValue(.seed(seed)) {
          try await FailureCount.$current.withValue(failures) {
            try await seedNoted.provideScope(for: test, testCase: testCase, performing: function)
          }
        }
      } catch {
        IssueReporter.fail(replayNote(seed, after: "threw \(error)", replay: replay), at: test.sourceLocation)
        throw error
      }
      if failures.count > 0 {
        return IssueReporter.fail(replayNote(seed, after: "failed", replay: replay), at: test.sourceLocation)
      }
    }
  }
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
}
#endif
