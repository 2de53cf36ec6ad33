import Actuate
@testable import ActuateTesting
import Testing

@Suite("TestStore: received tasks")
struct ReceivedTaskTests {
  @Test func receiveGivesBackTheTaskSoATestCanAssertItWasCancelledAndWhy() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { ["\($0)!"] }), clock: clock)
    await store.send(.queryChanged("t")) { $0.query = "t" }
    let first = await store.receive(.search)
    #expect(first?.outcome == nil)  // it waits out its debounce
    await store.send(.queryChanged("ta")) { $0.query = "ta" }
    let second = await store.receive(.search)
    #expect(first?.outcome == .cancelled(.debounced))
    await clock.advance(by: .milliseconds(300))
    await store.step { $0.isSearching = true }
    await store.step {
      $0.results = ["ta!"]
      $0.isSearching = false
    }
    #expect(await second?.finish() == .completed)
    await store.finish()
  }

  @Test func aTaskThatHasEndedByTheTimeItIsReceivedSaysHow() async {
    let clock = TestClock()
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages), clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.run()
    let loaded = await store.receive(.loaded(["a", "b"])) {
      $0.items = ["a", "b"]
      $0.isLoading = false
    }
    #expect(loaded?.outcome == .completed)
    await store.finish()
  }

  @Test func receiveReturnsNothingWhenNothingWasReceived() async {
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(
      initialState: .init(), interactor: LoaderInteractor(messages: messages), timeout: .milliseconds(100))
    var task: ActionTask?
    let reported = await failures { task = await store.receive(.increment) }
    #expect(reported.count == 1)
    #expect(task == nil)
  }
}
