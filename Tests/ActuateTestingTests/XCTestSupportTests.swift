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
}
#endif
