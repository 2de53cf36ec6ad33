#if canImport(XCTest)
import Actuate
@testable import ActuateTesting
import XCTest

/// A session replays under XCTest too, and a divergence fails the test there with the whole report.
final class ReplayXCTests: XCTestCase {
  private func recordLostUpdate(to file: SessionFiles) async {
    let gate = Gate()
    let store = Store(
      initialState: .init(), interactor: SavingCounterInteractor(save: Recorded("save") { await gate.pass() }),
      recording: .file(file.path))
    var arrivals = gate.arrivals.makeAsyncIterator()
    store.send(.increment)
    await arrivals.next()
    store.send(.increment)
    await arrivals.next()
    gate.open(1)
    gate.open(0)
    await store.waitUntilIdle()
    await store.flushDebugLog()
  }

  func testASessionReplaysUnderXCTest() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file)
    try await replay(session: file.url, interactor: SavingCounterInteractor(save: Recorded("save") {}))
  }

  func testADivergenceFailsTheTestWithItsReport() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file)
    let failures = Locked<[String]>([])
    let fixed = SavingCounterInteractor(save: Recorded("save") {}, readsAfterSaving: true)
    try await IssueReporter.$capture.withValue({ message in failures.withLock { $0.append(message) } }) {
      try await replay(session: file.url, interactor: fixed)
    }
    XCTAssertEqual(
      failures.withLock { $0 },
      [
        """
        \(file.path):9: the replay diverged from the recording: change 2, made by .increment, left another state (- recorded, + replayed):

              SavingCounterInteractor.State(
            -   count: 1
            +   count: 2
              )
        """
      ])
  }
}
#endif
