import Actuate
@testable import ActuateTesting
import Testing

private func exploreAll(
  maxDeviations: Int = 2, maxRuns: Int = 10_000, _ body: @escaping @Sendable () async throws -> Void
) async throws {
  let test = try #require(Test.current)
  try await ExploringAllSchedulesTrait.exploringAllSchedules(maxDeviations: maxDeviations, maxRuns: maxRuns)
    .provideScope(for: test, testCase: Test.Case.current, performing: body)
}

/// The lost update the default order hides, asserted with an expectation of the test's own.
@Sendable private func incrementTwiceExpectingTwo() async {
  let store = TestStore(
    initialState: .init(), interactor: FanOutInteractor(dependency: { await Task.yield() }), exhaustivity: .off)
  await store.send(.incrementTwice)
  await store.finish()
  #expect(await store.actualState.count == 2)
}

@Suite("exploringAllSchedules: the bounded exhaustive trait")
struct ExploringAllSchedulesTraitTests {
  @Test func aFailingRunIsReportedAtTheTestsOwnSourceLocationWithThePicksThatReplayIt() async throws {
    let test = try #require(Test.current)
    let runs = Locked(0)
    let recorded = try await issues {
      try await exploreAll {
        runs.withLock { $0 += 1 }
        await incrementTwiceExpectingTwo()
      }
    }
    let run = runs.withLock { $0 }
    #expect(run > 1, "the first run is the default order, which hides it")
    #expect(recorded.count == 2)
    let note = try #require(recorded.last)
    #expect(note.sourceLocation == test.sourceLocation)
    let prefix = "Run \(run) of exploringAllSchedules, under schedule .picks(["
    #expect(text(note).hasPrefix(prefix))
    let picks = text(note).dropFirst(prefix.count).prefix { $0 != "]" }.split(separator: ", ").compactMap { Int($0) }
    #expect(
      text(recorded[0]).contains(
        "The run under schedule .picks(\(picks)); replay it with TestStore(…, schedule: .picks(\(picks)))."))
    await #expect(throws: LostUpdate.self) {
      try await TestSchedule.$current.withValue(.picks(picks)) { try await incrementTwiceIsNotLost() }
    }
  }

  @Test(.exploringAllSchedules(maxDeviations: 2))
  func aTraitRunsTheWholeTestUnderEverySchedule() async {
    #expect(TestSchedule.current.picks != nil)
    await Races.twoIncrementsAfterSaving()
  }

  @Test func itStopsAfterMaxRunsAndPasses() async throws {
    let runs = Locked(0)
    let recorded = try await issues {
      try await exploreAll(maxRuns: 3) {
        runs.withLock { $0 += 1 }
        await Races.twoIncrementsAfterSaving()
      }
    }
    #expect(recorded.isEmpty)
    #expect(runs.withLock { $0 } == 3)
  }

  @Test func badBoundsFailAtTheTestsLocationAndRunNothing() async throws {
    let test = try #require(Test.current)
    let runs = Locked(0)
    let recorded = try await issues {
      try await exploreAll(maxDeviations: -1) { runs.withLock { $0 += 1 } }
    }
    #expect(runs.withLock { $0 } == 0)
    #expect(
      recorded.map(text) == [
        "exploringAllSchedules(maxDeviations: -1, maxRuns: 10000) runs nothing: give it 0 or more deviations and 1 or more runs (maxDeviations: 2, the default, finds most races)."
      ])
    #expect(recorded.first?.sourceLocation == test.sourceLocation)
  }

  /// Testing.md's example of the trait.
  @Test(.exploringAllSchedules(maxDeviations: 2))
  func incrementsAfterSavingAreNeverLostWithinTwoDeviations() async {
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
