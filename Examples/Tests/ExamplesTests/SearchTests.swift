import Actuate
import ActuateTesting
import Testing

@testable import Search

@Suite("Search example")
struct SearchTests {
  /// A store whose search takes a second on the test clock, so a test can overtake or cancel it.
  private func storeWithSlowSearch() -> (TestStore<SearchInteractor>, TestClock) {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(),
      interactor: SearchInteractor(search: { query in
        try await clock.sleep(for: .seconds(1))
        return [query]
      }),
      clock: clock
    )
    return (store, clock)
  }

  @Test func searchingWaitsForAPauseInTyping() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { [$0 + "!"] }), clock: clock)
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await store.receive(.search("s"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await store.receive(.search("sw"))  // the search for "s" never starts
    await clock.advance(by: .milliseconds(299))  // the search still waits out its debounce
    await clock.advance(by: .milliseconds(1))
    await store.step { $0.isSearching = true }
    await store.step {
      $0.results = ["sw!"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func theNewestSearchCancelsTheOneInFlight() async {
    let (store, clock) = storeWithSlowSearch()
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await store.receive(.search("sw"))
    await clock.advance(by: SearchInteractor.debounce)
    await store.step { $0.isSearching = true }
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await store.receive(.search("swift"))  // cancels the search for "sw": its CancellationError is never shown
    await store.step { $0.isSearching = false }  // the cancelled search's cleanup: no spinner while "swift" waits
    await clock.advance(by: SearchInteractor.debounce)
    await store.step { $0.isSearching = true }
    await clock.advance(by: .seconds(1))
    await store.step {
      $0.results = ["swift"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func clearingCancelsTheSearchInFlight() async {
    let (store, clock) = storeWithSlowSearch()
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await store.receive(.search("swift"))
    await clock.advance(by: SearchInteractor.debounce)
    await store.step { $0.isSearching = true }
    await store.send(.clear) {
      $0.query = ""
      $0.isSearching = false
    }
    await clock.advance(by: .seconds(1))  // the search's answer would have come now
    await store.finish()
  }

  @Test func deletingTheQueryCancelsTheSearchWaitingToRun() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { [$0] }), clock: clock)
    await store.send(.queryChanged("s")) { $0.query = "s" }
    await store.receive(.search("s"))
    await store.send(.queryChanged("")) { $0.query = "" }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aFailureIsShownAndTheNextSearchClearsIt() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(),
      interactor: SearchInteractor(search: { query in
        if query == "swift!" { throw SearchError.offline }
        return [query]
      }),
      clock: clock
    )
    await store.send(.queryChanged("swift!")) { $0.query = "swift!" }
    await store.receive(.search("swift!"))
    await clock.advance(by: SearchInteractor.debounce)
    await store.step { $0.isSearching = true }
    await store.step {
      $0.isSearching = false
      $0.error = "Search failed: the network is offline"
    }
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await store.receive(.search("swift"))
    await clock.advance(by: SearchInteractor.debounce)
    await store.step {
      $0.isSearching = true
      $0.error = nil
    }
    await store.step {
      $0.results = ["swift"]
      $0.isSearching = false
    }
    await store.finish()
  }
}
