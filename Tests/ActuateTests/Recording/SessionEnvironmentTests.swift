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

  @Test func aFileThatIsThereAlreadyIsNeverReplaced() throws {
    let folder = "/tmp/actuate-sessions-\(UInt64.random(in: 0...UInt64.max))"
    let names = ["cart-a.jsonl", "cart-a-2.jsonl", "cart-a-3.jsonl", "cart-a-4.jsonl"]
    defer {
      for name in names { unlink(folder + "/" + name) }
      rmdir(folder)
    }
    // An earlier run's session, then a store named so that its file is the one "cart a" takes second.
    _ = mkdir(folder, 0o700)
    try "earlier".write(toFile: folder + "/cart-a.jsonl", atomically: false, encoding: .utf8)
    #expect(SessionFolder.nextPath(in: folder, store: "cart a-2") == folder + "/cart-a-2.jsonl")
    #expect(SessionFolder.nextPath(in: folder, store: "cart a") == folder + "/cart-a-3.jsonl")
    #expect(SessionFolder.nextPath(in: folder, store: "cart a") == folder + "/cart-a-4.jsonl")
    #expect(try String(contentsOfFile: folder + "/cart-a.jsonl", encoding: .utf8) == "earlier")
  }
}
