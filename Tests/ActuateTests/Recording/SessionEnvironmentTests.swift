import Testing

@testable import Actuate

/// `ACTUATE_RECORD` gives one path; each store after the first records to a numbered sibling of it.
@Suite("ACTUATE_RECORD")
struct SessionEnvironmentTests {
  @Test func theFirstStoreTakesThePathAndTheNextOnesANumberBeforeItsExtension() {
    #expect(SessionEnvironment.numbered("/tmp/session.jsonl", 1) == "/tmp/session.jsonl")
    #expect(SessionEnvironment.numbered("/tmp/session.jsonl", 2) == "/tmp/session-2.jsonl")
    #expect(SessionEnvironment.numbered("/tmp/v1.2/session", 3) == "/tmp/v1.2/session-3")
    #expect(SessionEnvironment.numbered("session", 2) == "session-2")
  }

  @Test func aFileThatCannotBeOpenedLeavesTheStoreUnrecordedWithAWarning() async {
    let warnings = Locked<[String]>([])
    let recorder = Diagnostics.$handler.withValue({ line in warnings.withLock { $0.append(line) } }) {
      SessionRecording.file("/no/such/folder/session.jsonl").recorder(for: CounterInteractor.self)
    }
    #expect(recorder == nil)
    #expect(warnings.withLock { $0.count } == 1)
    #expect(
      warnings.withLock { $0.first?.hasPrefix("[Actuate] warning: CounterInteractor records no session: ") } == true)
  }
}
