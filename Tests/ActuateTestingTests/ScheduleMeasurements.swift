import Actuate
@testable import ActuateTesting
import Foundation
import Testing

/// The figures Performance.md gives for schedule exploration, printed when ACTUATE_MEASURE_SCHEDULES is
/// set: how many runs each strategy needs to find each race of issue 39, and how many seeds a second a realistic test runs.
@Suite(
  "Schedule exploration: measurements",
  .enabled(if: ProcessInfo.processInfo.environment["ACTUATE_MEASURE_SCHEDULES"] != nil))
struct ScheduleMeasurements {
  /// Performance.md's table: for each race, how many runs each strategy needs to find it.
  @Test func runsEachStrategyNeedsToFindEachRace() async {
    let races: [(name: String, test: @Sendable () async -> Void)] =
      Races.all + [("hidden lost update", Self.hiddenLostUpdate)]
    print("| race | steps | random | PCT d=1 | PCT d=2 | PCT d=3 | exhaustive k=1 | k=2 | k=3 |")
    for race in races {
      let counted = StepCount()
      _ = await Self.fails(.inOrder, counting: counted, race.test)
      var cells = ["\(counted.count)"]
      cells.append(await Self.runsToFind(race.test) { .seed($0) })
      for depth in 1...3 {
        cells.append(await Self.runsToFind(race.test) { .pct(seed: $0, depth: depth, steps: counted.count) })
      }
      for bound in 1...3 {
        let runs = Locked(0)
        let found = await failures {
          await exploreAllSchedules(maxDeviations: bound) {
            runs.withLock { $0 += 1 }
            await race.test()
          }
        }
        cells.append(found.isEmpty ? "not in \(runs.withLock { $0 })" : "\(runs.withLock { $0 })")
      }
      print("| \(race.name) | \(cells.joined(separator: " | ")) |")
    }
  }

  /// The lost update the default order hides, as a test that fails rather than throws.
  @Sendable static func hiddenLostUpdate() async {
    do {
      try await incrementTwiceIsNotLost()
    } catch {
      IssueReporter.fail("\(error)", at: TestLocation())
    }
  }

  /// Whether `test` fails under `schedule`.
  static func fails(_ schedule: TestSchedule, counting steps: StepCount? = nil, _ test: () async -> Void) async -> Bool
  {
    await !failures {
      await TestSchedule.$current.withValue(schedule) { await StepCount.$current.withValue(steps) { await test() } }
    }.isEmpty
  }

  /// The first of seeds 0..<100 whose schedule fails `test`, counted from 1, and how many of the 100 fail.
  static func runsToFind(_ test: () async -> Void, _ schedule: (UInt64) -> TestSchedule) async -> String {
    var failing: [UInt64] = []
    for seed in UInt64(0)..<100 where await fails(schedule(seed), test) {
      failing.append(seed)
    }
    return "\(failing.first.map { "\($0 + 1)" } ?? "none") (\(failing.count)/100)"
  }

  @Test func seedsPerSecond() async {
    let seeds = UInt64(0)..<200
    for strategy in [TestSchedule.Strategy.random, .pct(depth: 2)] {
      let start = ContinuousClock.now
      await exploreSchedules(seeds: seeds, strategy: strategy) { await Races.twoIncrementsAfterSaving() }
      let elapsed = ContinuousClock.now - start
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      print(
        "race-free two increments, exhaustive TestStore, \(strategy): \(seeds.count) seeds in \(elapsed), \(Int(Double(seeds.count) / seconds)) seeds/s"
      )
    }
  }

  @Test func runsToCoverARaceFreeTest() async {
    for bound in 0...3 {
      let runs = Locked(0)
      let start = ContinuousClock.now
      await exploreAllSchedules(maxDeviations: bound) {
        runs.withLock { $0 += 1 }
        await Races.twoIncrementsAfterSaving()
      }
      print(
        "race-free two increments: exhaustive, maxDeviations \(bound): \(runs.withLock { $0 }) runs in \(start.duration(to: .now))"
      )
    }
  }
}
