import Actuate
@testable import ActuateTesting
import Testing

@Suite("TestStore")
struct TestStoreTests {
  @Test func theDesignExamplePasses() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { _ in ["Tabby"] }), clock: clock)
    await store.send(.queryChanged("tab")) { $0.query = "tab" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search) { $0.isSearching = true }
    await store.step {
      $0.results = ["Tabby"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func debounceUnderTheTestClockIsExact() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { ["\($0)!"] }), clock: clock)
    await store.send(.queryChanged("t")) { $0.query = "t" }
    await store.receive(.search)  // the hook on the query sends it; it waits out the debounce
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("ta")) { $0.query = "ta" }
    await store.receive(.search)  // cancels the first search before it ran
    await clock.advance(by: .milliseconds(299))
    #expect(clock.sleeperCount == 1)  // the search still waits out its debounce
    await clock.advance(by: .milliseconds(1))
    await store.step { $0.isSearching = true }
    await store.step {
      $0.results = ["ta!"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func clearingTheQueryCancelsASearchInFlight() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(),
      interactor: SearchInteractor(search: { query in
        try await clock.sleep(for: .seconds(5))
        return [query]
      }), clock: clock)
    await store.send(.queryChanged("cat")) { $0.query = "cat" }
    await store.receive(.search)
    await clock.advance(by: .milliseconds(300))
    await store.step { $0.isSearching = true }
    await store.send(.clear) {
      $0.query = ""
      $0.isSearching = false
    }
    await store.receive(.search)  // the hook saw the query cleared; the search finds it empty
    await clock.advance(by: .milliseconds(300))
    await store.finish()
  }

  @Test func intermediateStatesOfALongHandlerAreAssertedOneByOne() async {
    let clock = TestClock()
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages), clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(["a", "b"])) {
      $0.items = ["a", "b"]
      $0.isLoading = false
    }
    await store.finish()
  }

  @Test func aHookEventIsTriggeredAndItsEffectAsserted() async {
    let (messages, input) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages))
    await store.trigger(.messages, by: { input.yield("hi") }) { $0.messages = ["hi"] }
    await store.finish()
  }

  @Test func hooksCanBeLeftOut() async {
    let (messages, input) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages), hooks: [])
    input.yield("ignored")
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func aSendWithoutAClosureAssertsNoChange() async {
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages))
    await store.send(.noop)
    await store.finish()
  }

  @Test func receiveByPredicate() async {
    let clock = TestClock()
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages), clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.run()
    await store.receive(where: { if case .loaded = $0 { true } else { false } }) {
      $0.items = ["a", "b"]
      $0.isLoading = false
    }
    await store.finish()
  }

  @Test func nonExhaustiveTestsAssertOnlyWhatTheyName() async {
    let clock = TestClock()
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(
      initialState: .init(), interactor: LoaderInteractor(messages: messages), clock: clock, exhaustivity: .off)
    await store.send(.increment)
    await store.send(.load)
    await clock.run()
    await store.receive(.loaded(["a", "b"])) { $0.items = ["a", "b"] }
    await store.send(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func theActualStateHoldsWhatANonExhaustiveTestDidNotAssert() async {
    let (messages, _) = AsyncStream<String>.makeStream()
    let store = TestStore(initialState: .init(), interactor: LoaderInteractor(messages: messages), exhaustivity: .off)
    await store.send(.increment)
    await store.send(.increment)
    #expect(await store.actualState.count == 2)
    await store.finish()
  }
}
