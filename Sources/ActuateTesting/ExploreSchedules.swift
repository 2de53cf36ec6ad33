import Actuate

/// Runs `body` once per seed, each time with every ``TestStore`` made inside it running its jobs in the
/// order that seed picks (``TestSchedule/seed(_:)``), to find interleavings the default order never shows:
/// two handlers that each read a value, await, and write it back.
///
/// ```swift
/// func testIncrementsAreNotLost() async {
///   await exploreSchedules(seeds: 0..<100) {
///     let store = TestStore(initialState: .init(), interactor: CounterInteractor())
///     await store.overlap {
///       await store.send(.increment)
///       await store.send(.increment)
///     }
///     await store.step { $0.count = 1 }
///     await store.step { $0.count = 2 }
///     await store.finish()
///   }
/// }
/// ```
///
/// It stops at the first seed whose run a TestStore fails or that throws, and names that seed, at the line
/// that called it, with how to replay it: `TestStore(…, schedule: .seed(n))`, or `exploreSchedules(seeds: [n])`.
/// A failed `XCTAssert` or `#expect` of the test's own does not stop it; under Swift Testing, the
/// `.exploringSchedules(seeds:)` trait (``ExploringSchedulesTrait``) stops at those too, and needs no wrapper.
///
/// - Parameters:
///   - seeds: The seeds to run `body` under, in order.
///   - isolation: The actor `body` runs on: the caller's.
///   - fileID: The file that calls it: the failing seed is reported there.
///   - filePath: The path of that file.
///   - line: The line that calls it.
///   - column: The column that calls it.
///   - body: The test, which makes its TestStores inside.
public func exploreSchedules(
  seeds: some Sequence<UInt64>,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  for seed in seeds {
    let failures = FailureCount()
    do {
      try await TestSchedule.$current.withValue(.seed(seed)) {
        try await FailureCount.$current.withValue(failures) { try await body() }
      }
    } catch {
      IssueReporter.fail(
        replayNote(seed, after: "threw \(error)", replay: "exploreSchedules(seeds: [\(seed)])"), at: location)
      throw error
    }
    if failures.count > 0 {
      IssueReporter.fail(replayNote(seed, after: "failed", replay: "exploreSchedules(seeds: [\(seed)])"), at: location)
      return
    }
  }
}

/// What a failing run's report says: its seed, and the two ways to replay it.
func replayNote(_ seed: UInt64, after what: String, replay: String) -> String {
  """
  The run under schedule .seed(\(seed)) \(what). Replay it with TestStore(…, schedule: .seed(\(seed))), or with \
  \(replay). A seed replays the same order in the same build.
  """
}

/// Counts the failures reported inside one run of an exploration.
final class FailureCount: Sendable {
  @TaskLocal static var current: FailureCount?
  private let counter = Locked(0)

  var count: Int { counter.withLock { $0 } }

  func add() {
    counter.withLock { $0 += 1 }
  }
}
