import Testing

@testable import Actuate

/// The intake's claim, transition by transition: every event the state machine allows, from every state
/// that allows it. (The others are preconditions: a second stop, and a release nobody claimed.)
@Suite("Intake state")
struct IntakeStateTests {
  @Test(arguments: [
    (IntakeState.idle, true, IntakeState.draining),
    (.draining, false, .draining),
    (.stopping, false, .stopping),
    (.stopped, true, .stopping),
  ])
  func aClaimSucceedsOnlyWhereNoDrainIsClaimed(from state: IntakeState, claims: Bool, to next: IntakeState) {
    var state = state
    #expect(state.claim() == claims)
    #expect(state == next)
  }

  @Test(arguments: [(IntakeState.idle, true), (.draining, false)])
  func aStopClosesTheIntakeAndClaimsADrainUnlessOneIs(from state: IntakeState, claims: Bool) {
    var state = state
    #expect(!state.isClosed)
    #expect(state.close() == claims)
    #expect(state == .stopping)
    #expect(state.isClosed)
  }

  @Test(arguments: [(IntakeState.draining, IntakeState.idle), (.stopping, .stopped)])
  func aReleaseLeavesTheIntakeAsOpenOrClosedAsItWas(from state: IntakeState, to next: IntakeState) {
    var state = state
    state.release()
    #expect(state == next)
    #expect(state.isClosed == (next == .stopped))
  }

  @Test func aStoreThatStopsWhileDrainingEndsStoppedAndRejectsWhatComesAfter() async {
    let store = Store(initialState: .init(), interactor: CounterInteractor())
    store.actor.withIntakeHeld {
      store.send(.increment)
      store.stop()
    }
    await store.actor.settle()
    #expect(store.actor.intake.home.withLock { $0.intake.state } == .stopped)
    #expect(await store.sendAndWait(.increment) == .rejected)
  }
}
