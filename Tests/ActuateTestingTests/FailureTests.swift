import Actuate
@testable import ActuateTesting
import Testing

/// Every failure the TestStore reports, captured and compared by text.
@Suite("TestStore failures")
struct FailureTests {
  @Test func aWrongExpectationShowsADiff() async {
    let store = loaderTestStore()
    let reported = await failures {
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      reported == [
        """
        The state after send(.increment) is not what the test expected (- expected, + actual):

              LoaderInteractor.State(
            -   count: 2,
            +   count: 1,
                isLoading: false,
                items: [],
                messages: []
              )
        """
      ])
    // The actual state is taken as asserted, so one mistake is reported once.
    #expect(store.state.count == 1)
  }

  @Test func anUnexpectedChangeIsReported() async {
    let store = loaderTestStore()
    let reported = await failures { await store.send(.increment) }
    #expect(reported.count == 1)
    #expect(
      reported.first?.hasPrefix(
        "send(.increment) changed the state, but the test expected no change (- before, + after):") == true)
    #expect(reported.first?.contains("-   count: 0,\n") == true)
    #expect(reported.first?.contains("+   count: 1,\n") == true)
    #expect(reported.first?.hasSuffix("Pass a closure that makes this change: send(…) { $0… = … }.") == true)
  }

  @Test func aChangeThatNeverComesIsReportedWithTheReason() async {
    let store = loaderTestStore()
    let reported = await failures { await store.send(.noop) { $0.count = 5 } }
    #expect(reported.count == 1)
    #expect(
      reported.first?.hasPrefix(
        "The test expected send(.noop) to change the state, but its handler finished without changing it.") == true)
  }

  @Test func aHandlerWaitingOnTheClockIsNamedInTheFailure() async {
    let clock = TestClock()
    let store = loaderTestStore(clock: clock)
    let reported = await failures {
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(["a", "b"]))
    }
    #expect(
      reported == [
        "The test expected to receive(.loaded([\"a\", \"b\"])), but nothing was sent, and nothing more can happen until the test acts (every task has ended or sleeps on the TestClock); advance the clock or send the action that leads to it."
      ])
    await clock.run()
    await store.receive(.loaded(["a", "b"])) {
      $0.items = ["a", "b"]
      $0.isLoading = false
    }
    await store.finish()
  }

  @Test func receivingTheWrongActionIsReported() async {
    let clock = TestClock()
    let store = loaderTestStore(clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.run()
    let reported = await failures { await store.receive(.increment) }
    #expect(
      reported == [
        """
        The store sent .loaded(["a", "b"]), but the test expected to receive(.increment).
        Actions sent from inside are received in the order they were sent.
        """
      ])
    // The change `.loaded` made is left unasserted, on purpose.
    store.skipRemaining()
  }

  @Test func unassertedEventsFailTheNextSendWithAHint() async {
    let clock = TestClock()
    let store = loaderTestStore(clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.run()
    let reported = await failures { await store.send(.increment) { $0.count = 1 } }
    #expect(reported.count == 1)
    let message = reported.first ?? ""
    #expect(
      message.hasPrefix(
        "Before send(.increment), the test must assert what happened earlier:\n  • the action .loaded([\"a\", \"b\"]), sent from inside the store\n  • a state change by .loaded([\"a\", \"b\"]):"
      ))
    #expect(
      message.hasSuffix(
        "Assert changes with step { … } and actions sent from inside with receive(…), or make the test non-exhaustive (exhaustivity = .off)."
      ))
  }

  @Test func finishListsRunningTasksAndLeftovers() async {
    let clock = TestClock()
    let store = loaderTestStore(clock: clock)
    await store.send(.load) { $0.isLoading = true }
    let reported = await failures { await store.finish() }
    #expect(
      reported == [
        """
        1 action has not finished at the end of the test, and only the test can move them:
          • .load: sleeps on the TestClock until 1.0 seconds, 1.0 seconds from now
        Advance the clock (await clock.run()) so they finish, or cancel them, before finish().
        """
      ])
  }

  @Test func stepBeforeAReceivedActionPointsToReceive() async {
    let clock = TestClock()
    let store = loaderTestStore(clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.run()
    let reported = await failures {
      await store.step {
        $0.items = ["a", "b"]
        $0.isLoading = false
      }
    }
    #expect(
      reported == [
        "Before the change the test asserts with step, the store sent .loaded([\"a\", \"b\"]) from inside: call receive(.loaded([\"a\", \"b\"])) first."
      ])
  }

  @Test func nonExhaustiveTestsCanShowWhatTheySkipped() async {
    let clock = TestClock()
    let store = loaderTestStore(.off(showSkipped: true), clock: clock)
    await store.send(.load)
    await clock.run()
    let reported = await failures { await store.finish() }
    #expect(reported.isEmpty)
  }

  @Test func failuresGoToSwiftTestingInsideASwiftTestingTest() {
    #expect(IssueReporter.destination == .swiftTesting)
  }

  @Test func aWrongValueInANonExhaustiveTestIsStillCaught() async {
    let store = loaderTestStore(.off)
    let reported = await failures { await store.send(.increment) { $0.count = 3 } }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("-   count: 3,") == true)
  }
}
