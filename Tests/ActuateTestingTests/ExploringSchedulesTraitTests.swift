import Actuate
@testable import ActuateTesting
import Testing

/// The issues recorded while `body` runs, taken instead of failing the test: a trait's exploration run
/// inside the running test, as Swift Testing runs it around a test of its own.
func issues(_ body: @Sendable () async throws -> Void) async throws -> [Issue] {
  let test = try #require(Test.current)
  let collected = Locked<[Issue]>([])
  let collect = IssueHandlingTrait.compactMapIssues { issue in
    collected.withLock { $0.append(issue) }
    return nil
  }
  try await collect.provideScope(for: test, testCase: Test.Case.current, performing: body)
  return collected.withLock { $0 }
}

private func explore(seeds: some Sequence<UInt64>, _ body: @escaping @Sendable () async throws -> Void) async throws {
  let test = try #require(Test.current)
  try await ExploringSchedulesTrait.exploringSchedules(seeds: seeds)
    .provideScope(for: test, testCase: Test.Case.current, performing: body)
}

func text(_ issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

@Suite("exploringSchedules: the trait, and the function's location")
struct ExploringSchedulesTraitTests {
  @Test func aFailingSeedIsReportedAtTheTestsOwnSourceLocation() async throws {
    let runs = Locked(0)
    let recorded = try await issues {
      try await explore(seeds: 0..<100) {
        runs.withLock { $0 += 1 }
        await Races.twoIncrements()
      }
    }
    let note = try #require(recorded.last)
    let seed = runs.withLock { $0 } - 1
    #expect(note.sourceLocation == Test.current?.sourceLocation)
    #expect(
      text(note).hasPrefix(
        "The run under schedule .seed(\(seed)) failed. Replay it with TestStore(…, schedule: .seed(\(seed))), or with @Test(.exploringSchedules(seeds: [\(seed)]))."
      ))
    // The TestStore's own failures stay at their assertions' lines, and name the seed once.
    let storeFailures = recorded.dropLast()
    #expect(!storeFailures.isEmpty)
    for issue in storeFailures {
      #expect(issue.sourceLocation?.fileID.hasSuffix("OverlapTests.swift") == true)
      #expect(text(issue).components(separatedBy: "schedule .seed(\(seed))").count == 2)
    }
  }

  @Test func anExpectationOfTheTestsOwnStopsTheExplorationAndSaysItsSeed() async throws {
    let runs = Locked(0)
    let recorded = try await issues {
      try await explore(seeds: 0..<100) {
        runs.withLock { $0 += 1 }
        let store = TestStore(
          initialState: .init(), interactor: CounterRaceInteractor(save: serverCall), exhaustivity: .off)
        await store.overlap {
          await store.send(.increment)
          await store.send(.increment)
        }
        await store.finish()
        #expect(await store.actualState.count == 2)
      }
    }
    let seed = runs.withLock { $0 } - 1
    #expect(recorded.count == 2)
    #expect(
      text(recorded[0]).contains(
        "The run under schedule .seed(\(seed)); replay it with @Test(.exploringSchedules(seeds: [\(seed)]))."))
    #expect(text(recorded[1]).hasPrefix("The run under schedule .seed(\(seed)) failed."))
  }

  @Test func aNegativeSeedFailsNamingItAndRunsNothing() async throws {
    let test = try #require(Test.current)
    let runs = Locked(0)
    let recorded = try await issues {
      try await ExploringSchedulesTrait.exploringSchedules(seeds: [3, -1])
        .provideScope(for: test, testCase: Test.Case.current) { runs.withLock { $0 += 1 } }
    }
    #expect(runs.withLock { $0 } == 0)
    #expect(
      recorded.map(text) == [
        "exploringSchedules(seeds:) got the seed -1: seeds are integers from 0. Give it 0..<100, say."
      ])
    #expect(recorded.first?.sourceLocation == test.sourceLocation)
  }

  @Test(.exploringSchedules(seeds: 0..<100))
  func aTraitRunsTheWholeTestUnderEachSeed() async {
    #expect(TestSchedule.current.seed != nil)
    await Races.twoIncrementsAfterSaving()
  }

  @Test func theFunctionReportsTheFailingSeedAtTheLineThatCalledIt() async throws {
    let line = Locked<Int>(0)
    let recorded = try await issues {
      line.withLock { $0 = #line + 1 }
      await exploreSchedules(seeds: 0..<100) { await Races.twoIncrements() }
    }
    let note = try #require(recorded.last)
    #expect(note.sourceLocation?.line == line.withLock { $0 })
    #expect(note.sourceLocation?.fileID == #fileID)
    #expect(text(note).contains("or with exploreSchedules(seeds: ["))
  }
}
