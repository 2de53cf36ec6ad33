import Foundation
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

/// A folder records each store to a file of its own, named after the store.
@Suite("Recording to a folder")
struct SessionFolderTests {
  @Test func aStoresNameBecomesAFileNameThatIsNeverAPathNorHidden() {
    #expect(SessionFolder.fileName(for: "cart alice") == "cart-alice")
    #expect(SessionFolder.fileName(for: "CounterInteractor") == "CounterInteractor")
    #expect(SessionFolder.fileName(for: "../../etc/passwd") == "-.-..-etc-passwd")
    #expect(SessionFolder.fileName(for: ".hidden") == "-hidden")
    #expect(SessionFolder.fileName(for: "café") == "caf-")
    #expect(SessionFolder.fileName(for: "") == "store")
  }

  @Test func eachStoreRecordsToItsOwnFileAndANameUsedAgainGetsANumber() async throws {
    let folder = "/tmp/actuate-sessions-\(UInt64.random(in: 0...UInt64.max))"
    defer {
      for name in ["cart-a.jsonl", "cart-b.jsonl", "cart-a-2.jsonl"] { unlink(folder + "/" + name) }
      rmdir(folder)
    }
    for name in ["cart a", "cart b", "cart a"] {
      // CounterInteractor's types are not Codable: the warning that says so is not this test's concern.
      await Diagnostics.$handler.withValue({ _ in }) {
        let store = Store(
          initialState: .init(), interactor: CounterInteractor(), name: name, recording: .folder(folder))
        await store.sendAndWait(.increment)
        await store.flushDebugLog()
      }
    }
    for name in ["cart-a.jsonl", "cart-b.jsonl", "cart-a-2.jsonl"] {
      let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
      #expect(text.hasPrefix(#"{"format":"actuate-session""#), "\(name)")
    }
    #expect(SessionFolder.isFolder(folder))
    #expect(SessionFolder.isFolder(folder + "/"))
    #expect(!SessionFolder.isFolder(folder + "/cart-a.jsonl"))
  }
}
