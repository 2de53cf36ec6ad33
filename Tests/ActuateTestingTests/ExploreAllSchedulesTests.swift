import Actuate
@testable import ActuateTesting
import Testing

/// Two increments sent by one handler, which the default order runs one after the other: only another
/// order loses one.
func incrementTwiceIsNotLost() async throws {
  let store = TestStore(
    initialState: .init(), interactor: FanOutInteractor(dependency: { await Task.yield() }), exhaustivity: .off)
  await store.send(.incrementTwice)
  await store.finish()
  let count = await store.actualState.count
  if count != 2 { throw LostUpdate(count: count) }
}

/// The schedule the last failure of an exhaustive exploration names.
private func namedSchedule(_ failures: [String]) -> [Int]? {
  guard let note = failures.last, let range = note.range(of: "under schedule .picks([") else { return nil }
  return note[range.upperBound...].prefix { $0 != "]" }.split(separator: ", ").compactMap { Int($0) }
}

@Suite("exploreAllSchedules: every schedule within a bound")
struct ExploreAllSchedulesTests {
  @Test func itFindsALostUpdateTheDefaultOrderHidesAndNamesThePicksThatReplayIt() async throws {
    let runs = Locked(0)
    let reported = await failures {
      try? await exploreAllSchedules {
        runs.withLock { $0 += 1 }
        try await incrementTwiceIsNotLost()
      }
    }
    #expect(runs.withLock { $0 } > 1, "the first run is the default order, which hides it")
    let picks = try #require(namedSchedule(reported))
    #expect((1...2).contains(picks.filter { $0 != 0 }.count))
    let replayed = await TestSchedule.$current.withValue(.picks(picks)) {
      do {
        try await incrementTwiceIsNotLost()
        return nil as LostUpdate?
      } catch {
        return error as? LostUpdate
      }
    }
    #expect(replayed?.count == 1)
  }

  @Test(arguments: Races.all.indices)
  func itFindsEachRaceOfTheObviousTestsAtTheFirstRun(_ index: Int) async {
    let runs = Locked(0)
    let reported = await failures {
      await exploreAllSchedules {
        runs.withLock { $0 += 1 }
        await Races.all[index].test()
      }
    }
    #expect(runs.withLock { $0 } == 1)
    #expect(reported.last?.hasPrefix("Run 1 of exploreAllSchedules, under schedule .picks([]), failed.") == true)
  }

  @Test func aRaceFreeTestPassesEveryScheduleWithinTheBound() async {
    for maxDeviations in 0...2 {
      let runs = Locked(0)
      let reported = await failures {
        await exploreAllSchedules(maxDeviations: maxDeviations) {
          runs.withLock { $0 += 1 }
          await Races.twoIncrementsAfterSaving()
        }
      }
      #expect(reported == [])
      #expect(maxDeviations == 0 ? runs.withLock { $0 } == 1 : runs.withLock { $0 } > maxDeviations)
    }
  }

  @Test func theNextScheduleChangesTheLastPickItCanWithinTheBound() {
    func next(_ picks: [(Int, Int)], _ bound: Int) -> [Int]? {
      nextPicks(after: picks.map { PickLog.Pick(choice: $0.0, count: $0.1) }, maxDeviations: bound)
    }
    #expect(next([], 2) == nil)
    #expect(next([(0, 2), (0, 3)], 1) == [0, 1])
    #expect(next([(0, 2), (2, 3)], 1) == [1])
    #expect(next([(1, 2), (0, 2)], 1) == nil)
    #expect(next([(1, 3), (0, 2)], 1) == [2])
    #expect(next([(1, 3), (0, 2)], 2) == [1, 1])
    #expect(next([(0, 2), (0, 2)], 0) == nil)
  }

  @Test func badBoundsAndTwoStoresFailWithWhatToDo() async {
    let bad = await failures { await exploreAllSchedules(maxDeviations: -1) {} }
    #expect(
      bad == [
        "exploreAllSchedules(maxDeviations: -1, maxRuns: 10000) runs nothing: give it 0 or more deviations and 1 or more runs (maxDeviations: 2, the default, finds most races)."
      ])
    let two = await failures {
      await exploreAllSchedules {
        for _ in 0..<2 {
          let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
          await store.finish()
        }
      }
    }
    #expect(two.count == 1)
    #expect(two.first?.hasPrefix("exploreAllSchedules follows one TestStore per run, and run 1 made 2") == true)
  }
}
