#if canImport(XCTest)
import Actuate
@testable import ActuateTesting
import XCTest

/// A session replays under XCTest too, and a divergence fails the test there with the whole report.
final class ReplayXCTests: XCTestCase {
  func testASessionReplaysUnderXCTest() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file, answeringSaves: (1, 0))
    try await replay(session: file.url, interactor: SavingCounterInteractor(save: Recorded("save") {}))
  }

  func testADivergenceFailsTheTestWithItsReport() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file, answeringSaves: (1, 0))
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
