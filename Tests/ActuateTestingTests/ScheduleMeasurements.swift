import Actuate
@testable import ActuateTesting
import Foundation
import Testing

/// The figures Performance.md gives for schedule exploration, printed when ACTUATE_MEASURE_SCHEDULES is
/// set: how many seeds each race of issue 39 needs, and how many seeds a second a realistic test runs.
@Suite(
  "Schedule exploration: measurements",
  .enabled(if: ProcessInfo.processInfo.environment["ACTUATE_MEASURE_SCHEDULES"] != nil))
struct ScheduleMeasurements {
  @Test func runsToFindEachRace() async {
    for race in Races.all {
      var failing: [UInt64] = []
      for seed in UInt64(0)..<100 where !(await Exploration(seeds: [seed], race.test).failures.isEmpty) {
        failing.append(seed)
      }
      let first = failing.first.map { "\($0 + 1)" } ?? "none"
      print(
        "\(race.name): random, runs to find: \(first); \(failing.count) of 100 seeds fail; first failing: \(failing.prefix(5))"
      )
    }
  }

  @Test func seedsPerSecond() async {
    let seeds = UInt64(0)..<200
    let start = ContinuousClock.now
    await exploreSchedules(seeds: seeds) { await Races.twoIncrementsAfterSaving() }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "race-free two increments, exhaustive TestStore: \(seeds.count) seeds in \(elapsed), \(Int(Double(seeds.count) / seconds)) seeds/s"
    )
  }

  @Test func runsToFindALostUpdateTheDefaultOrderHides() async {
    var failing: [UInt64] = []
    for seed in UInt64(0)..<100 {
      let found = await failures { try? await exploreSchedules(seeds: [seed]) { try await incrementTwiceIsNotLost() } }
      if !found.isEmpty { failing.append(seed) }
    }
    print(
      "hidden lost update: random, runs to find: \(failing.first.map { "\($0 + 1)" } ?? "none"); \(failing.count) of 100 seeds fail"
    )
    for bound in 1...3 {
      let runs = Locked(0)
      let found = await failures {
        try? await exploreAllSchedules(maxDeviations: bound) {
          runs.withLock { $0 += 1 }
          try await incrementTwiceIsNotLost()
        }
      }
      print(
        "hidden lost update: exhaustive, maxDeviations \(bound): \(found.isEmpty ? "not found in" : "found at run") \(runs.withLock { $0 })"
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
