#if canImport(XCTest)
import Actuate
@testable import ActuateTesting
import XCTest

/// The TestStore works the same under XCTest, and reports there.
final class XCTestSupportTests: XCTestCase {
  func testTheSearchFeatureUnderXCTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { _ in ["Tabby"] }), clock: clock)
    await store.send(.queryChanged("tab")) { $0.query = "tab" }
    await store.receive(.search)
    await clock.advance(by: .milliseconds(300))
    await store.step { $0.isSearching = true }
    await store.step {
      $0.results = ["Tabby"]
      $0.isSearching = false
    }
    await store.finish()
  }

  func testFailuresGoToXCTestOutsideSwiftTesting() {
    XCTAssertEqual(IssueReporter.destination, .xcTest)
  }

  /// A store kept by a test case may go away after its test ended, when XCTest has no test to fail: the
  /// store says what it left in a warning instead, and the run goes on.
  func testAStoreLetGoWithWorkLeftWarnsUnderXCTest() async {
    let warnings = Warnings()
    await warnings.collect {
      var store: TestStore<SearchInteractor>? = TestStore(
        initialState: .init(), interactor: SearchInteractor(search: { _ in [] }), clock: TestClock())
      await store?.send(.queryChanged("tab")) { $0.query = "tab" }
      store = nil
    }
    XCTAssertEqual(
      warnings.all,
      [
        """
        [Actuate] warning: ActuateTestingTests/XCTestSupportTests.swift:31: The TestStore went away before the test \
        ended it, leaving:
          • the action .search, sent from inside the store
          • .search is still running
        End the test with await store.finish(), which waits for what runs and asserts what is left, or with \
        store.skipRemaining() to drop it on purpose.
        """
      ])
  }

  /// Testing.md's exploration under XCTest: a failing seed would be reported at the line that calls it.
  func testIncrementsAfterSavingAreNeverLost() async {
    await exploreSchedules(seeds: 0..<100) {
      let store = TestStore(initialState: .init(), interactor: CounterRaceInteractor(save: serverCall))
      await store.overlap {
        await store.send(.incrementAfterSaving)
        await store.send(.incrementAfterSaving)
      }
      await store.step { $0.count = 1 }
      await store.step { $0.count = 2 }
      await store.finish()
    }
  }
}
#endif
