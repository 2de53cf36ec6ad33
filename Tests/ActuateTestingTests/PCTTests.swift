import Actuate
@testable import ActuateTesting
import Testing

/// The schedule the last failure of an exploration names, written as the failure writes it.
private func namedSchedule(_ failures: [String]) -> String? {
  guard let note = failures.last, let start = note.range(of: "under schedule ") else { return nil }
  let rest = note[start.upperBound...]
  guard let end = rest.range(of: ") ") else { return nil }
  return String(rest[..<end.lowerBound]) + ")"
}

/// The steps PCT spreads its changes over in these tests: the choices among several runnable jobs that
/// the default order of `incrementTwiceIsNotLost()` makes, as an exploration counts them.
private let raceSteps = 12

@Suite("PCT: tasks ranked at random, the ranking changed at random steps")
struct PCTTests {
  @Test func aTaskRunsAheadUntilAChangePointDropsIt() {
    // Two tasks that are always runnable: the higher runs every step until its priority drops.
    func switches(depth: Int, seed: UInt64) -> Int {
      var priorities = PCTPriorities(seed: seed, depth: depth, steps: 10)
      let order = (0..<20).map { _ in priorities.pick(among: 2) { UInt64($0 + 7) } }
      return zip(order, order.dropFirst()).filter { $0 != $1 }.count
    }
    for seed in UInt64(0)..<20 {
      #expect(switches(depth: 1, seed: seed) == 0)
      #expect(switches(depth: 2, seed: seed) == 1)
      // The second change drops the task then running below the first one dropped: at most two switches.
      #expect((1...2).contains(switches(depth: 3, seed: seed)))
    }
  }

  @Test func theTasksFirstRankedDifferAcrossSeeds() {
    let first = (UInt64(0)..<20).map { seed in
      var priorities = PCTPriorities(seed: seed, depth: 1, steps: 10)
      return priorities.pick(among: 3) { UInt64($0) }
    }
    #expect(Set(first) == [0, 1, 2])
  }

  @Test(arguments: Races.all.indices)
  func eachRaceShowsWithin100SeedsAndItsScheduleReplaysIt(_ index: Int) async throws {
    let race = Races.all[index]
    var found: (schedule: TestSchedule, failures: [String])?
    for seed in UInt64(0)..<100 where found == nil {
      let schedule = TestSchedule.pct(seed: seed, depth: 2, steps: raceSteps)
      let failed = await failures { await TestSchedule.$current.withValue(schedule) { await race.test() } }
      if !failed.isEmpty { found = (schedule, failed) }
    }
    let (schedule, failed) = try #require(found, "\(race.name)")
    #expect(failed.allSatisfy { $0.hasSuffix("(The store ran under schedule \(schedule).)") })
    for _ in 0..<3 {
      let replayed = await failures { await TestSchedule.$current.withValue(schedule) { await race.test() } }
      #expect(replayed == failed, "\(race.name): \(schedule) replays the failure exactly")
    }
  }

  @Test(arguments: Races.all.indices)
  func anExplorationReportsARaceTheDefaultOrderShowsAtItsFirstRun(_ index: Int) async {
    let runs = Locked(0)
    let reported = await failures {
      await exploreSchedules(seeds: 0..<100, strategy: .pct(depth: 2)) {
        runs.withLock { $0 += 1 }
        await Races.all[index].test()
      }
    }
    #expect(runs.withLock { $0 } == 1)
    #expect(
      reported.last
        == "The run under schedule .inOrder, which counts the steps PCT spreads its changes over, failed: the default order shows it already, and the test replays it without exploring."
    )
  }

  @Test func anExplorationFindsALostUpdateTheDefaultOrderHidesAndNamesTheScheduleThatReplaysIt() async throws {
    let reported = await failures {
      try? await exploreSchedules(seeds: 0..<100, strategy: .pct(depth: 2)) { try await incrementTwiceIsNotLost() }
    }
    let named = try #require(namedSchedule(reported))
    let seed = try #require(UInt64(named.dropFirst(".pct(seed: ".count).prefix { $0.isNumber }))
    // Testing.md names this schedule.
    #expect(named == ".pct(seed: 0, depth: 2, steps: \(raceSteps))")
    #expect(
      reported.last?.hasSuffix(
        "Replay it with TestStore(…, schedule: \(named)), or with exploreSchedules(seeds: [\(seed)], strategy: .pct(depth: 2)). A seed replays the same order in the same build."
      ) == true)
    for _ in 0..<3 {
      let replayed = await TestSchedule.$current.withValue(.pct(seed: seed, depth: 2, steps: raceSteps)) {
        do {
          try await incrementTwiceIsNotLost()
          return nil as LostUpdate?
        } catch {
          return error as? LostUpdate
        }
      }
      #expect(replayed?.count == 1)
    }
  }

  @Test(arguments: 1...3)
  func aTestWithNoRacePassesEverySeed(_ depth: Int) async {
    let runs = Locked(0)
    let reported = await failures {
      await exploreSchedules(seeds: 0..<100, strategy: .pct(depth: depth)) {
        runs.withLock { $0 += 1 }
        await Races.twoIncrementsAfterSaving()
      }
    }
    #expect(reported == [])
    #expect(runs.withLock { $0 } == 101, "the run that counts the steps, then one a seed")
  }

  @Test(.exploringSchedules(seeds: 0..<100, strategy: .pct(depth: 2)))
  func theTraitRunsTheWholeTestUnderEachSeedsPCTSchedule() async {
    #expect(TestSchedule.current == .inOrder || TestSchedule.current.description.hasPrefix(".pct(seed: "))
    await Races.twoIncrementsAfterSaving()
  }

  @Test func theTraitReportsAFailingPCTRunAtTheTestsOwnLocation() async throws {
    let test = try #require(Test.current)
    let recorded = try await issues {
      try await ExploringSchedulesTrait.exploringSchedules(seeds: 0..<100, strategy: .pct(depth: 2))
        .provideScope(for: test, testCase: Test.Case.current) {
          let store = TestStore(
            initialState: .init(), interactor: FanOutInteractor(dependency: { await Task.yield() }),
            exhaustivity: .off)
          await store.send(.incrementTwice)
          await store.finish()
          #expect(await store.actualState.count == 2)
        }
    }
    let note = try #require(recorded.last)
    #expect(note.sourceLocation == test.sourceLocation)
    let named = try #require(namedSchedule([text(note)]))
    let seed = named.dropFirst(".pct(seed: ".count).prefix { $0.isNumber }
    #expect(
      text(note).hasPrefix(
        "The run under schedule \(named) failed. Replay it with TestStore(…, schedule: \(named)), or with @Test(.exploringSchedules(seeds: [\(seed)], strategy: .pct(depth: 2)))."
      ))
  }

  @Test func theTraitReportsARaceTheDefaultOrderShowsAtTheRunThatCountsSteps() async throws {
    let test = try #require(Test.current)
    let runs = Locked(0)
    let recorded = try await issues {
      try await ExploringSchedulesTrait.exploringSchedules(seeds: 0..<100, strategy: .pct(depth: 2))
        .provideScope(for: test, testCase: Test.Case.current) {
          runs.withLock { $0 += 1 }
          await Races.twoIncrements()
        }
    }
    #expect(runs.withLock { $0 } == 1)
    let note = try #require(recorded.last)
    #expect(note.sourceLocation == test.sourceLocation)
    #expect(
      text(note).hasPrefix(
        "The run under schedule .inOrder, which counts the steps PCT spreads its changes over, failed"))
    for issue in recorded.dropLast() {
      #expect(text(issue).hasSuffix("The run under schedule .inOrder; replay it with the test without exploring."))
    }
  }

  /// Testing.md's PCT exploration: the race-free increments pass every seed.
  @Test func pctExploresTheRaceFreeIncrements() async {
    await exploreSchedules(seeds: 0..<100, strategy: .pct(depth: 2)) {
      let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
      await store.overlap {
        await store.send(.incrementAfterSaving)
        await store.send(.incrementAfterSaving)
      }
      await store.step { $0.count = 1 }
      await store.step { $0.count = 2 }
      await store.finish()
    }
  }
}
