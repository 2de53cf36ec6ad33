import Actuate
import Foundation
import Testing

@testable import ActuateTesting

/// A session a replay cannot use is a `SessionError` naming the file and the line, never a crash or a hang.
@Suite("Sessions that cannot be replayed")
struct BadSessionTests {
  private let header =
    #"{"format":"actuate-session","version":1,"interactor":"SavingCounterInteractor","store":"SavingCounterInteractor#1","state":{"count":0}}"#
  private let increment = #"{"kind":"send","task":1,"action":{"increment":{}},"description":".increment"}"#

  private func error(replaying text: String) async throws -> SessionError? {
    let file = SessionFiles()
    defer { file.remove() }
    try file.write(text)
    let counter = SavingCounterInteractor(save: Recorded("save") {})
    let error = await #expect(throws: SessionError.self) { try await replay(session: file.url, interactor: counter) }
    if let error { #expect(error.path == file.path) }
    return error
  }

  @Test func aFileCutShortNamesItsLastLine() async throws {
    let error = try await error(replaying: header + "\n" + increment + "\n" + #"{"kind":"call","depend"#)
    #expect(error?.line == 3)
    #expect(error?.message.hasPrefix("the line is cut short: the recording stopped in the middle of it") == true)
  }

  @Test func aLineThatIsNotJSONIsNamed() async throws {
    let error = try await error(replaying: header + "\n" + "increment\n" + increment + "\n")
    #expect(error?.line == 2)
    #expect(error?.message == "the line is not a JSON object: increment")
  }

  @Test func anEmptyFileHasNoHeader() async throws {
    let error = try await error(replaying: "")
    #expect(error?.line == 1)
    #expect(error?.message == "the file is empty: it holds no session header")
  }

  @Test func anotherInteractorsSessionIsRefused() async throws {
    let other = header.replacingOccurrences(
      of: #""interactor":"SavingCounterInteractor""#, with: #""interactor":"CartInteractor""#)
    let error = try await error(replaying: other + "\n" + increment + "\n")
    #expect(error?.line == 1)
    #expect(
      error?.message
        == "the session was recorded from a store of CartInteractor, not SavingCounterInteractor: replay it with that interactor."
    )
  }

  @Test func aNewerFormatIsRefused() async throws {
    let newer = header.replacingOccurrences(of: #""version":1"#, with: #""version":2"#)
    let error = try await error(replaying: newer + "\n")
    #expect(error?.line == 1)
    #expect(error?.message.hasPrefix("the session is in format version 2, newer than this Actuate reads (1).") == true)
  }

  @Test func anActionThatNoLongerDecodesIsNamed() async throws {
    let decrement = #"{"kind":"send","task":1,"action":{"decrement":{}},"description":".decrement"}"#
    let error = try await error(replaying: header + "\n" + decrement + "\n")
    #expect(error?.line == 2)
    #expect(
      error?.message.hasPrefix(
        "the action .decrement no longer decodes as ActuateTestingTests.SavingCounterInteractor.Action")
        == true)
  }

  @Test func aDependencyCalledMoreOftenThanRecordedIsNamed() async throws {
    let error = try await error(replaying: header + "\n" + increment + "\n")
    #expect(error?.line == 2)
    #expect(
      error?.message
        == "the code called the recorded dependency \"save\" once by here; the session recorded no call. The code changed since the recording: record a new session."
    )
  }

  @Test func aDependencyCalledWithOtherInputIsNamed() async throws {
    let lines = [
      #"{"format":"actuate-session","version":1,"interactor":"RecordedSearchInteractor","store":"s","state":{"query":"","results":[]}}"#,
      #"{"kind":"send","task":1,"action":{"search":{"_0":"tab"}},"description":".search(\"tab\")"}"#,
      #"{"kind":"clock","at":300000000}"#,
      #"{"kind":"call","dependency":"search","call":1,"task":1,"input":"tabby"}"#,
    ]
    let file = SessionFiles()
    defer { file.remove() }
    try file.write(lines.joined(separator: "\n") + "\n")
    let search = RecordedSearchInteractor(search: Recorded("search") { _ in [] })
    let error = await #expect(throws: SessionError.self) { try await replay(session: file.url, interactor: search) }
    #expect(error?.line == 4)
    #expect(
      error?.message
        == "the code called \"search\" (call 1) with \"tab\"; the session recorded \"tabby\". The code changed since the recording: record a new session."
    )
  }
}
