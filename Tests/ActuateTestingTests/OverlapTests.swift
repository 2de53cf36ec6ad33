import Actuate
@testable import ActuateTesting
import Testing

/// The races of issue 39, each tested the obvious way: the test's own actions overlap in `overlap { … }`,
/// and the test asserts what the user expects.
enum Races {
  static func twoIncrements() async {
    let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
    await store.overlap {
      await store.send(.increment)
      await store.send(.increment)
    }
    await store.step { $0.count = 1 }
    await store.step { $0.count = 2 }
    await store.finish()
  }

  static func aPushDuringARefresh() async {
    let (pushed, input) = AsyncStream<String>.makeStream()
    let interactor = FeedRaceInteractor(pushed: pushed) {
      await serverCall()
      return ["a", "b"]
    }
    let store = TestStore(initialState: .init(), interactor: interactor)
    await store.overlap {
      await store.send(.refresh)
      input.yield("c")
    }
    await store.step { $0.items = ["a", "b"] }
    await store.step { $0.items = ["a", "b", "c"] }
    await store.finish()
  }

  static func aChildAndItsParent() async {
    let store = TestStore(initialState: .init(), interactor: ParentRaceInteractor(save: serverCall))
    await store.overlap {
      await store.send(.counter(.increment))
      await store.send(.addTen)
    }
    await store.step { $0.counter.count = 1 }
    await store.step { $0.counter.count = 11 }
    await store.finish()
  }

  /// No race: each increment adds to the count as it is when it writes.
  static func twoIncrementsAfterSaving() async {
    let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
    await store.overlap {
      await store.send(.incrementAfterSaving)
      await store.send(.incrementAfterSaving)
    }
    await store.step { $0.count = 1 }
    await store.step { $0.count = 2 }
    await store.finish()
  }

  static let all: [(name: String, test: @Sendable () async -> Void)] = [
    ("two increments", twoIncrements),
    ("a push during a refresh", aPushDuringARefresh),
    ("a child and its parent", aChildAndItsParent),
  ]
}

/// What an exploration reported: the seed its last failure names, and every failure, in order.
struct Exploration {
  let failures: [String]

  var seed: UInt64? {
    guard let note = failures.last(where: { $0.hasPrefix("The run under schedule .seed(") }) else { return nil }
    return UInt64(note.dropFirst("The run under schedule .seed(".count).prefix { $0.isNumber })
  }

  /// The TestStore's own failures, without the note that names the seed.
  var storeFailures: [String] { failures.filter { !$0.hasPrefix("The run under schedule") } }

  init(seeds: some Sequence<UInt64>, _ test: () async -> Void) async {
    failures = await ActuateTestingTests.failures { await exploreSchedules(seeds: seeds) { await test() } }
  }
}

@Suite("TestStore: the test's own actions overlap")
struct OverlapTests {
  @Test(arguments: Races.all.indices)
  func exploringFindsTheRaceWithin100SeedsAndItsSeedReplaysIt(_ index: Int) async throws {
    let race = Races.all[index]
    let found = await Exploration(seeds: 0..<100, race.test)
    let seed = try #require(found.seed, "\(race.name): found within 100 seeds")
    #expect(!found.storeFailures.isEmpty)
    #expect(found.storeFailures.allSatisfy { $0.hasSuffix("(The store ran under schedule .seed(\(seed)).)") })
    for _ in 0..<3 {
      let replayed = await Exploration(seeds: [seed], race.test)
      #expect(replayed.failures == found.failures, "\(race.name): .seed(\(seed)) replays the failure exactly")
    }
  }

  @Test(arguments: Races.all.indices)
  func someSeedsPassTheRacyTest(_ index: Int) async {
    // The exploration reaches the order in which each action's work ends before the next lands, too.
    var passing = 0
    for seed in UInt64(0)..<40 where await Exploration(seeds: [seed], Races.all[index].test).failures.isEmpty {
      passing += 1
    }
    #expect(passing > 0, "\(Races.all[index].name)")
    #expect(passing < 40, "\(Races.all[index].name)")
  }

  @Test func aTestWithNoRacePassesUnderEverySeed() async {
    let found = await Exploration(seeds: 0..<100, Races.twoIncrementsAfterSaving)
    #expect(found.failures == [])
  }

  @Test func theDefaultScheduleLandsEveryActionBeforeAnyResumesAndGivesOneOrder() async {
    for _ in 0..<20 {
      let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
      await store.overlap {
        await store.send(.increment)
        await store.send(.increment)
      }
      // Both read 0 before either resumed: the second write changes nothing, so there is one change.
      await store.step { $0.count = 1 }
      await store.finish()
    }
  }

  /// Testing.md's example: the race-free increments, explored by the trait.
  @Test(.exploringSchedules(seeds: 0..<100))
  func incrementsAfterSavingAreNeverLost() async {
    let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
    await store.overlap {
      await store.send(.incrementAfterSaving)
      await store.send(.incrementAfterSaving)
    }
    await store.step { $0.count = 1 }
    await store.step { $0.count = 2 }
    await store.finish()
  }

  /// Testing.md's replay of the seed its failure names.
  @Test func seed0ReplaysTheLostUpdate() async {
    let reported = await failures {
      let store = TestStore(
        initialState: .init(), interactor: CounterRaceInteractor(save: serverCall), schedule: .seed(0))
      await store.overlap {
        await store.send(.increment)
        await store.send(.increment)
      }
      await store.step { $0.count = 1 }
      await store.step { $0.count = 2 }
      await store.finish()
    }
    #expect(
      reported == [
        "The test expected a state change at step, but no change came, and none will (every task has ended or waits for an element the test feeds, and nothing sleeps on the TestClock) unless the test sends or feeds something.\n(The store ran under schedule .seed(0).)"
      ])
  }

  @Test func theFirstStretchesAreAssertedAfterTheBlockInTheOrderTheyRan() async {
    let store = loaderTestStore()
    let task = await store.overlap {
      await store.send(.increment)
      return await store.send(.increment)
    }
    #expect(task.number > 0)
    await store.step { $0.count = 1 }
    await store.step { $0.count = 2 }
    await store.finish()
  }

  @Test func anExhaustiveOverlapRequiresWhatCameBeforeItToBeAsserted() async {
    let clock = TestClock()
    let store = loaderTestStore(clock: clock)
    let reported = await failures {
      await store.send(.load) { $0.isLoading = true }
      await clock.advance(by: .seconds(1))
      await store.overlap { await store.send(.increment) }
      store.skipRemaining()
    }
    #expect(reported.count == 1)
    #expect(reported.first?.hasPrefix("Before overlap { … }, the test must assert what happened earlier:") == true)
  }
}
