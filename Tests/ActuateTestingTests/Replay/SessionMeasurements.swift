import Actuate
import ActuateTesting
import Foundation
import Testing

/// The figures Docs/Sessions.md gives for a long session, printed when ACTUATE_MEASURE_SESSIONS is set:
/// the size of a 100,000-action session, and how long recording and replaying it take.
@Suite(
  "Sessions: measurements",
  .enabled(if: ProcessInfo.processInfo.environment["ACTUATE_MEASURE_SESSIONS"] != nil))
struct SessionMeasurements {
  @Test func aHundredThousandActions() async throws {
    let count = 100_000
    let file = SessionFiles()
    defer { file.remove() }
    let clock = ContinuousClock()
    let recordStart = clock.now
    let store = Store(
      initialState: .init(), interactor: SavingCounterInteractor(save: Recorded("save") {}, readsAfterSaving: true),
      recording: .file(file.path))
    for _ in 0..<count { await store.sendAndWait(.increment) }
    await store.stopAndFlush()
    let recorded = clock.now - recordStart
    let bytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
    let replayStart = clock.now
    try await replay(
      session: file.url, interactor: SavingCounterInteractor(save: Recorded("save") {}, readsAfterSaving: true),
      timeout: .seconds(60))
    let replayed = clock.now - replayStart
    print(
      "\(count) actions (each a recorded call, its answer and a change): recorded in \(recorded), \(bytes) bytes (\(bytes / count) a action), replayed in \(replayed)"
    )
  }
}
