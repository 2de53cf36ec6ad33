import Actuate
import Foundation
import Testing

@testable import ActuateTesting

@Suite("Recording a session and replaying it")
struct RecordAndReplayTests {
  @Test func aSessionHoldsTheHeaderTheSendsTheAnswersAndTheStates() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file, answeringSaves: (0, 0))
    let lines = file.lines
    try #require(lines.count == 10)
    #expect(lines[0].hasPrefix(#"{"format":"actuate-session","version":1,"interactor":"SavingCounterInteractor""#))
    #expect(lines[0].hasSuffix(#""state":{"count":0}}"#))
    #expect(lines[1] == #"{"kind":"send","task":1,"action":{"increment":{}},"description":".increment"}"#)
    #expect(lines[2] == #"{"kind":"call","dependency":"save","call":1,"task":1,"input":null}"#)
    #expect(lines[5] == #"{"kind":"answer","dependency":"save","call":1,"task":1,"output":null}"#)
    #expect(lines[6] == #"{"kind":"change","change":1,"cause":".increment","task":1,"state":{"count":1}}"#)
    #expect(lines[8] == #"{"kind":"change","change":2,"cause":".increment","task":2,"state":{"count":1}}"#)
    #expect(lines[9] == #"{"kind":"stopped"}"#)
  }

  @Test func aLostUpdateReplaysEveryRun() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file, answeringSaves: (0, 0))
    for _ in 0..<20 {
      try await replay(session: file.url, interactor: SavingCounterInteractor(save: Recorded("save") {}))
    }
  }

  @Test func theFixedCounterDivergesAtTheSecondChange() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordLostUpdate(to: file, answeringSaves: (0, 0))
    let fixed = SavingCounterInteractor(save: Recorded("save") {}, readsAfterSaving: true)
    let found = try #require(try await divergence(replaying: file.url, interactor: fixed))
    #expect(found.line == 9)
    #expect(found.change == 2)
    #expect(found.action == ".increment")
    #expect(found.diff.contains("-   count: 1") && found.diff.contains("+   count: 2"))
    #expect(
      found.description.hasPrefix(
        "\(file.path):9: the replay diverged from the recording: change 2, made by .increment"))
  }

  @Test func aDebouncedSearchSentByAHookReplaysWithItsClock() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let clock = TestClock()
    let store = Store(
      initialState: .init(),
      interactor: RecordedSearchInteractor(search: Recorded("search") { [$0 + "!"] }), clock: clock,
      recording: .file(file.path))
    store.send(.queryChanged("ta"))
    await store.waitUntilIdle()
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("tab"))
    await store.waitUntilIdle()
    await clock.advance(by: .milliseconds(300))
    await store.waitUntilIdle()
    #expect(await store.state.results == ["tab!"])
    await store.stopAndFlush()
    #expect(file.lines.contains(#"{"kind":"clock","at":400000000}"#))
    try await replay(session: file.url, interactor: RecordedSearchInteractor(search: Recorded("search") { _ in [] }))
  }

  @Test func aRecordedErrorIsThrownAgainWithItsDescription() async throws {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    let file = SessionFiles()
    defer { file.remove() }
    let clock = TestClock()
    let store = Store(
      initialState: .init(),
      interactor: RecordedSearchInteractor(search: Recorded("search") { _ in throw Offline() }), clock: clock,
      recording: .file(file.path))
    store.send(.queryChanged("ta"))
    await store.waitUntilIdle()
    await clock.advance(by: .milliseconds(300))
    await store.waitUntilIdle()
    #expect(await store.state.error == "offline")
    await store.stopAndFlush()
    try await replay(session: file.url, interactor: RecordedSearchInteractor(search: Recorded("search") { _ in [] }))
  }

  @Test func aRedactedValueIsNeverWrittenAndAReplayNamesIt() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let store = Store(initialState: .init(), interactor: RedactedFormInteractor(), recording: .file(file.path))
    await store.sendAndWait(.typed(email: "ada@example.com", password: Redacted("hunter2")))
    await store.stopAndFlush()
    let text = file.lines.joined(separator: "\n")
    #expect(!text.contains("hunter2"))
    #expect(text.contains(#""password":{"actuateRedacted":true}"#))
    let error = await #expect(throws: SessionError.self) {
      try await replay(session: file.url, interactor: RedactedFormInteractor())
    }
    #expect(error?.line == 1)
    #expect(error?.message.contains("Redacted") == true)
  }

  @Test func anActionAHandlerSendsWithAnIdMadeAfreshStillReplays() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let store = Store(initialState: .init(), interactor: StampingInteractor(), recording: .file(file.path))
    store.send(.tap)
    await store.waitUntilIdle()
    await store.stopAndFlush()
    #expect(file.lines.contains { $0.contains(#""kind":"change""#) && $0.contains(#""cause":".stamped("#) })
    try await replay(session: file.url, interactor: StampingInteractor())
  }

  @Test func aTypeThatIsNotCodableIsNamedOnceAndTheRestIsRecorded() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let warnings = Warnings()
    await warnings.collect {
      let store = Store(initialState: .init(), interactor: UncodableActionInteractor(), recording: .file(file.path))
      await store.sendAndWait(.add(1))
      await store.sendAndWait(.add(2))
      await store.stopAndFlush()
    }
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("UncodableActionInteractor.Action is not Codable") == true)
    #expect(
      file.lines.suffix(2) == [
        #"{"kind":"change","change":2,"cause":".add(2)","task":2,"state":{"count":3}}"#, #"{"kind":"stopped"}"#,
      ])
  }
}
