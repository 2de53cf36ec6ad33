import Actuate
@testable import ActuateTesting
import Testing

struct LostUpdate: Error {
  let count: Int
}

@Suite("TestStore: its schedule")
struct ScheduleTests {
  private func orderOfWork(_ schedule: TestSchedule? = nil) async -> [String] {
    let store = TestStore(
      initialState: .init(), interactor: FanOutInteractor(dependency: someWork), exhaustivity: .off,
      schedule: schedule)
    await store.send(.start)
    await store.finish()
    return await store.actualState.order
  }

  @Test func handlersResumingTogetherComeBackInOneOrderEveryRun() async {
    var orders = Set<[String]>()
    for _ in 0..<200 { orders.insert(await orderOfWork()) }
    #expect(orders == [["a", "b", "c"]])
  }

  @Test func anExhaustiveTestOfHandlersResumingTogetherIsExact() async {
    for _ in 0..<20 {
      let store = TestStore(initialState: .init(), interactor: FanOutInteractor(dependency: someWork))
      await store.send(.start)
      await store.receive(.work("a"))
      await store.receive(.work("b"))
      await store.receive(.work("c"))
      await store.step { $0.order = ["a"] }
      await store.step { $0.order = ["a", "b"] }
      await store.step { $0.order = ["a", "b", "c"] }
      await store.finish()
    }
  }

  @Test func twoHooksWokenAtOneInstantRunInOneOrderEveryRun() async {
    var orders = Set<[String]>()
    for _ in 0..<200 {
      let clock = TestClock()
      let store = TestStore(initialState: .init(), interactor: TwoTimersInteractor(), clock: clock, exhaustivity: .off)
      await clock.advance(by: .seconds(2))
      orders.insert(await store.actualState.ticks)
      await store.finish()
    }
    #expect(orders == [["first", "second", "first", "second"]])
  }

  @Test func aSeedReplaysItsOrderExactly() async {
    var orders = Set<[String]>()
    for seed in UInt64(0)..<50 {
      let order = await orderOfWork(.seed(seed))
      #expect(await orderOfWork(.seed(seed)) == order, "seed \(seed) replays")
      orders.insert(order)
    }
    #expect(orders.count > 1, "seeds explore other orders")
  }

  private func countAfterIncrementingTwice(_ schedule: TestSchedule? = nil) async -> Int {
    let store = TestStore(
      initialState: .init(), interactor: FanOutInteractor(dependency: { await Task.yield() }), exhaustivity: .off,
      schedule: schedule)
    await store.send(.incrementTwice)
    await store.finish()
    return await store.actualState.count
  }

  @Test func explorationFindsALostUpdateTheDefaultScheduleHides() async throws {
    #expect(await countAfterIncrementingTwice() == 2)
    let failures = Locked<[String]>([])
    var found: LostUpdate?
    do {
      try await IssueReporter.$capture.withValue({ message in failures.withLock { $0.append(message) } }) {
        try await exploreSchedules(seeds: 0..<100) {
          let count = await countAfterIncrementingTwice()
          if count != 2 { throw LostUpdate(count: count) }
        }
      }
    } catch let error as LostUpdate {
      found = error
    }
    #expect(found?.count == 1)
    let message = try #require(failures.withLock { $0 }.first)
    #expect(message.contains("schedule .seed("))
    #expect(message.contains("exploreSchedules(seeds: ["))
    // The seed it names replays the lost update.
    let seed = try #require(message.split(separator: ".seed(").dropFirst().first?.prefix { $0.isNumber })
    #expect(await countAfterIncrementingTwice(.seed(UInt64(seed)!)) == 1)
  }

  @Test func aRunThatPassesUnderEverySeedReportsNothing() async {
    let orders = Locked<[[String]]>([])
    let reported = await failures {
      await exploreSchedules(seeds: 0..<20) {
        let order = await orderOfWork()
        orders.withLock { $0.append(order) }
      }
    }
    #expect(reported.isEmpty)
    #expect(orders.withLock { $0.count } == 20)
    #expect(Set(orders.withLock { $0 }).count > 1, "each run took its seed")
  }

  @Test func aTestStoreFailureStopsTheExplorationAndNamesItsSeed() async {
    let runs = Locked(0)
    let reported = await failures {
      await exploreSchedules(seeds: [3, 4]) {
        runs.withLock { $0 += 1 }
        let store = TestStore(
          initialState: .init(), interactor: FanOutInteractor(dependency: someWork), exhaustivity: .off)
        await store.send(.start) { $0.count = 1 }  // wrong: .start changes no count
        store.skipRemaining()
      }
    }
    #expect(runs.withLock { $0 } == 1)
    #expect(reported.count == 2)
    #expect(reported.first?.hasSuffix("(The store ran under schedule .seed(3).)") == true)
    #expect(reported.last?.hasPrefix("The run under schedule .seed(3) failed.") == true)
  }

  @Test func aStoreGivenASeedNamesItInItsFailures() async {
    let reported = await failures {
      let store = TestStore(
        initialState: .init(), interactor: FanOutInteractor(dependency: someWork), exhaustivity: .off,
        schedule: .seed(7))
      await store.send(.start) { $0.count = 1 }
      store.skipRemaining()
    }
    #expect(reported.count == 1)
    #expect(reported.first?.hasSuffix("(The store ran under schedule .seed(7).)") == true)
  }

  @Test func twoStoresInParallelKeepTheirOwnOrder() async {
    for seed in UInt64(0)..<10 {
      let alone = await orderOfWork(.seed(seed))
      async let first = orderOfWork(.seed(seed))
      async let second = orderOfWork(.seed(seed))
      #expect(await [first, second] == [alone, alone], "seed \(seed)")
    }
  }
}
