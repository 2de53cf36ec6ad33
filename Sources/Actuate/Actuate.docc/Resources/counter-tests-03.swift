import Actuate
import ActuateTesting
@testable import Counter
import Testing

struct CounterTests {
  @Test func incrementingAndFetchingAFact() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(),
      interactor: CounterInteractor(fact: { "\($0) is a good number" }),
      clock: clock
    )
    await store.send(.increment) { $0.count = 1 }
    await store.send(.fetchFact) { $0.isLoadingFact = true }
    await store.step {
      $0.fact = "1 is a good number"
      $0.isLoadingFact = false
    }
    await clock.advance(by: .milliseconds(250))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.finish()
  }
}
