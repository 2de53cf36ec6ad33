import Actuate
@testable import ActuateTesting
import Testing

/// A handler that sleeps a second on the TestClock, and one that counts at once, overlapping; the test
/// advances the clock inside the block.
private func laterAndPingWithTheClockAdvancedInside() async {
  let clock = TestClock()
  let store = TestStore(initialState: .init(), interactor: HintInteractor(), clock: clock)
  await store.overlap {
    await store.send(.later)
    await store.send(.ping)
    await clock.advance(by: .seconds(1))
  }
  await store.step { $0.count = 1 }
  await store.step { $0.count = 2 }
  await store.finish()
}

@Suite("TestStore: the clock advanced inside overlap { … }")
struct OverlapClockTests {
  @Test func theWokenHandlerRunsOnAndItsChangeIsAssertedAfterTheBlock() async {
    let reported = await failures {
      await laterAndPingWithTheClockAdvancedInside()
    }
    #expect(reported == [])
  }

  @Test func itDoesUnderEverySeed() async {
    let reported = await failures {
      await exploreSchedules(seeds: 0..<50) { await laterAndPingWithTheClockAdvancedInside() }
    }
    #expect(reported == [])
  }

  @Test func timeThatHasNotComeWakesNothing() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: HintInteractor(), clock: clock)
    await store.overlap {
      await store.send(.later)
      await clock.advance(by: .milliseconds(999))
    }
    await clock.advance(by: .milliseconds(1))
    await store.step { $0.count = 1 }
    await store.finish()
  }
}
