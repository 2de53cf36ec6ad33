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
  try await explore(seeds: seeds, strategy: .random, at: location, body)
}

/// Runs `body` once per seed, as `strategy` turns each into a schedule, until a run fails:
/// ``exploreSchedules(seeds:isolation:fileID:filePath:line:column:_:)`` with another strategy than random
/// picks, such as PCT.
///
/// ```swift
/// await exploreSchedules(seeds: 0..<100, strategy: .pct(depth: 2)) {
/// ```
///
/// With ``TestSchedule/Strategy/pct(depth:)``, `body` first runs once in the default order, which counts
/// the steps PCT spreads its changes over; a failure there is named as the run under `.inOrder`. A failing
/// seed's run is named by its whole schedule, `.pct(seed: 3, depth: 2, steps: 40)`, which
/// `TestStore(…, schedule:)` replays, as does `exploreSchedules(seeds: [3], strategy: .pct(depth: 2))`.
///
/// - Parameters:
///   - seeds: The seeds to run `body` under, in order.
///   - strategy: How each seed becomes a schedule.
///   - isolation: The actor `body` runs on: the caller's.
///   - fileID: The file that calls it: the failing seed is reported there.
///   - filePath: The path of that file.
///   - line: The line that calls it.
///   - column: The column that calls it.
///   - body: The test, which makes its TestStores inside.
public func exploreSchedules(
  seeds: some Sequence<UInt64>,
  strategy: TestSchedule.Strategy,
  isolation: isolated (any Actor)? = #isolation,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
  _ body: () async throws -> Void
) async rethrows {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  try await explore(seeds: seeds, strategy: strategy, at: location, body)
}

private func explore(
  seeds: some Sequence<UInt64>, strategy: TestSchedule.Strategy, at location: TestLocation,
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows {
  let replay = { (seed: UInt64) in
    strategy.countsSteps
      ? "exploreSchedules(seeds: [\(seed)], strategy: \(strategy))" : "exploreSchedules(seeds: [\(seed)])"
  }
  var steps = 0
  if strategy.countsSteps {
    let counted = StepCount()
    guard try await run(under: .inOrder, counting: counted, at: location, replay: "the test", body) else { return }
    steps = counted.count
  }
  for seed in seeds {
    let schedule = strategy.schedule(seed: seed, steps: steps)
    guard try await run(under: schedule, at: location, replay: replay(seed), body) else { return }
  }
}

/// Runs `body` once under `schedule`; reports a failure at `location`, naming the schedule. Returns whether
/// the run passed.
private func run(
  under schedule: TestSchedule, counting steps: StepCount? = nil, at location: TestLocation, replay: String,
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
) async rethrows -> Bool {
  let failures = FailureCount()
  do {
    try await TestSchedule.$current.withValue(schedule) {
      try await StepCount.$current.withValue(steps) {
        try await FailureCount.$current.withValue(failures) { try await body() }
      }
    }
  } catch {
    IssueReporter.fail(replayNote(schedule, after: "threw \(error)", replay: replay), at: location)
    throw error
  }
  guard failures.count == 0 else {
    IssueReporter.fail(replayNote(schedule, after: "failed", replay: replay), at: location)
    return false
  }
  return true
}

/// What a failing run's report says: its schedule, and the two ways to replay it.
func replayNote(_ schedule: TestSchedule, after what: String, replay: String) -> String {
  guard schedule != .inOrder else {
    return """
      The run under schedule .inOrder, which counts the steps PCT spreads its changes over, \(what): the \
      default order shows it already, and the test replays it without exploring.
      """
  }
  return """
    The run under schedule \(schedule) \(what). Replay it with TestStore(…, schedule: \(schedule)), or with \
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
