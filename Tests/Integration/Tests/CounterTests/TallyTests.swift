import ActuateTesting
@testable import Counter
import Testing

@Suite struct TallyTests {
  @Test func theTotalArrivesASecondLater() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Tally(), clock: clock, hooks: [])
    await store.send(.step) { $0.count = 1 }
    await store.send(.askTotal)
    await clock.advance(by: .seconds(1))
    await store.step { $0.total = 1 }
    await store.finish()
  }
}
