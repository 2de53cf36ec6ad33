import Actuate
@testable import ActuateTesting
import Testing

/// An exhaustive test must end its store: with `finish()`, or with `skipRemaining()` on purpose.
@Suite("TestStore: ending a test")
struct EndingATestTests {
  @Test func aStoreLetGoWithAnUnassertedChangeFailsNamingIt() async {
    let clock = TestClock()
    let reported = await failures {
      let store = loaderTestStore(clock: clock)
      await store.send(.load) { $0.isLoading = true }
      await clock.run()
    }
    #expect(reported.count == 1)
    let message = reported.first ?? ""
    #expect(
      message.hasPrefix(
        "The TestStore went away before the test ended it, leaving:\n  • the action .loaded([\"a\", \"b\"]), sent from inside the store\n  • a state change by .loaded([\"a\", \"b\"]):"
      ))
    #expect(
      message.hasSuffix(
        "End the test with await store.finish(), which waits for what runs and asserts what is left, or with store.skipRemaining() to drop it on purpose."
      ))
  }

  @Test func aStoreLetGoWithATaskStillRunningFailsNamingIt() async {
    let clock = TestClock()
    let reported = await failures {
      let store = loaderTestStore(clock: clock)
      await store.send(.load) { $0.isLoading = true }
    }
    #expect(
      reported == [
        """
        The TestStore went away before the test ended it, leaving:
          • .load is still running
        End the test with await store.finish(), which waits for what runs and asserts what is left, or with \
        store.skipRemaining() to drop it on purpose.
        """
      ])
  }

  @Test func skipRemainingEndsATestOnPurpose() async {
    let clock = TestClock()
    let reported = await failures {
      let store = loaderTestStore(clock: clock)
      await store.send(.load) { $0.isLoading = true }
      store.skipRemaining()
    }
    #expect(reported.isEmpty)
  }

  @Test func aNonExhaustiveStoreNeedsNoEnding() async {
    let clock = TestClock()
    let reported = await failures {
      let store = loaderTestStore(.off, clock: clock)
      await store.send(.load)
    }
    #expect(reported.isEmpty)
  }

  @Test func aFinishedStoreIsNotReportedAgain() async {
    let clock = TestClock()
    let reported = await failures {
      let store = loaderTestStore(clock: clock)
      await store.send(.load) { $0.isLoading = true }
      await clock.run()
      await store.finish()
    }
    #expect(reported.count == 1)
    #expect(reported.first?.hasPrefix("The test ended with 2 unasserted events:") == true)
  }
}
