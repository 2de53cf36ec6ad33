import Actuate

/// Runs `body` once per seed, each time with every ``TestStore`` made inside it running its jobs in the
/// order that seed picks (``TestSchedule/seed(_:)``), to find interleavings the default order never shows:
/// two handlers that each read a value, await, and write it back.
///
/// ```swift
/// @Test func incrementsAreNotLost() async throws {
///   try await exploreSchedules(seeds: 0..<100) {
///     let store = TestStore(initialState: .init(), interactor: CounterInteractor(), exhaustivity: .off)
///     await store.send(.incrementTwice)
///     await store.finish()
///     try #require(await store.actualState.count == 2)
///   }
/// }
/// ```
///
/// It stops at the first seed whose run a TestStore fails or that throws, and names that seed with how to
/// replay it: `TestStore(…, schedule: .seed(n))`, or `exploreSchedules(seeds: [n])`. A failed `#expect` of
/// the test's own does not stop it; use `try #require` for a check that should.
public func exploreSchedules(
  seeds: some Sequence<UInt64>,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows {
  for seed in seeds {
    let failures = FailureCount()
    do {
      try await TestSchedule.$current.withValue(.seed(seed)) {
        try await FailureCount.$current.withValue(failures) { try await body() }
      }
    } catch {
      IssueReporter.fail(replayNote(seed, after: "threw \(error)"), at: TestLocation())
      throw error
    }
    if failures.count > 0 {
      IssueReporter.fail(replayNote(seed, after: "failed"), at: TestLocation())
      return
    }
  }
}

private func replayNote(_ seed: UInt64, after what: String) -> String {
  """
  The run under schedule .seed(\(seed)) \(what). Replay it with TestStore(…, schedule: .seed(\(seed))), or with \
  exploreSchedules(seeds: [\(seed)]) around the test's body. A seed replays the same order in the same build.
  """
}

/// Counts the TestStore failures reported inside one run of ``exploreSchedules(seeds:isolation:_:)``.
final class FailureCount: Sendable {
  @TaskLocal static var current: FailureCount?
  private let counter = Locked(0)

  var count: Int { counter.withLock { $0 } }

  func add() {
    counter.withLock { $0 += 1 }
  }
}
