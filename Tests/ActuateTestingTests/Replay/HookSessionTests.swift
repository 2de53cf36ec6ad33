import Actuate
import Foundation
import Testing

@testable import ActuateTesting

/// A hook's elements from a sequence outside the store are recorded, and a replay feeds them at their
/// recorded point, in order with the sends.
@Suite("Hook elements in a session")
struct HookSessionTests {
  /// Records sends and events taking turns: note a, event x, note b, event y.
  private func recordEvents(to file: SessionFiles) async {
    let (events, continuation) = AsyncStream<EventLogInteractor.Event>.makeStream()
    let store = Store(
      initialState: .init(), interactor: EventLogInteractor(events: events), recording: .file(file.path))
    await store.sendAndWait(.note("a"))
    continuation.yield(.init(text: "x"))
    _ = await store.values(\.log).first { $0.count == 2 }
    await store.sendAndWait(.note("b"))
    continuation.yield(.init(text: "y"))
    _ = await store.values(\.log).first { $0.count == 4 }
    await store.stopAndFlush()
  }

  @Test func anOutsideHooksElementsAreRecordedBetweenTheSends() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordEvents(to: file)
    let kinds = file.lines.dropFirst().compactMap { line in
      line.firstRange(of: #""kind":""#).map { line[$0.upperBound...].prefix { $0 != "\"" } }
    }
    #expect(kinds == ["send", "change", "hook", "change", "send", "change", "hook", "change", "stopped"])
    let hookLine = try #require(file.lines.first { $0.contains(#""kind":"hook""#) })
    #expect(hookLine.hasPrefix(#"{"kind":"hook","hook":".events","task":"#))
    #expect(hookLine.hasSuffix(#""element":{"text":"x"}}"#))
    #expect(file.lines.dropLast().last?.hasSuffix(#""state":{"log":["a","x","b","y"]}}"#) == true)
  }

  @Test func theSessionReplaysEveryRun() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordEvents(to: file)
    for _ in 0..<20 {
      try await replay(session: file.url, interactor: EventLogInteractor.replaying)
    }
  }

  @Test func aChangedHookDivergesAtItsFirstElement() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await recordEvents(to: file)
    var changed = EventLogInteractor.replaying
    changed.uppercasesEvents = true
    let found = try #require(try await divergence(replaying: file.url, interactor: changed))
    #expect(found.line == 5)
    #expect(found.change == 2)
    #expect(found.action == "hook .events")
    #expect(found.diff.contains(#"+     "X""#))
  }

  @Test func aHookOnTheStoresOwnStateIsNotRecorded() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let clock = TestClock()
    let store = Store(
      initialState: .init(), interactor: RecordedSearchInteractor(search: Recorded("search") { [$0] }), clock: clock,
      recording: .file(file.path))
    store.send(.queryChanged("ta"))
    await store.waitUntilIdle()
    await clock.advance(by: .milliseconds(300))
    await store.waitUntilIdle()
    await store.stopAndFlush()
    #expect(file.lines.contains { $0.contains(#""kind":"change""#) && $0.contains(#""results":["ta"]"#) })
    #expect(!file.lines.contains { $0.contains(#""kind":"hook""#) })
  }

  @Test func anElementThatNoLongerDecodesNamesItsLine() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    try file.write(
      #"{"format":"actuate-session","version":1,"interactor":"EventLogInteractor","store":"EventLogInteractor#1","state":{"log":[]}}"#
        + "\n" + #"{"kind":"hook","hook":".events","task":1,"element":{"title":"x"}}"# + "\n"
        + #"{"kind":"change","change":1,"cause":"hook .events","state":{"log":["x"]}}"# + "\n")
    let error = await #expect(throws: SessionError.self) {
      try await replay(session: file.url, interactor: EventLogInteractor.replaying)
    }
    #expect(error?.path == file.path)
    #expect(error?.line == 2)
    #expect(error?.message.hasPrefix("the element of hook .events no longer decodes as") == true)
    #expect(error?.message.hasSuffix("The type changed since the recording: record a new session.") == true)
  }

  @Test func aReplayedHookThatTakesAnElementTheSessionLacksIsNamed() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let store = Store(
      initialState: .init(), interactor: EventLogInteractor(events: AsyncStream { _ in }), recording: .file(file.path))
    await store.sendAndWait(.note("a"))
    await store.stopAndFlush()
    let live = EventLogInteractor(
      events: AsyncStream { continuation in
        continuation.yield(.init(text: "x"))
      })
    let error = await #expect(throws: SessionError.self) { try await replay(session: file.url, interactor: live) }
    #expect(error?.message.hasPrefix("the hook .events took an element (") == true)
  }

  @Test func anElementTypeThatIsNotCodableIsNamedOnceAndTheRestIsRecorded() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    let warnings = Warnings()
    let (pings, continuation) = AsyncStream<UncodableEventInteractor.Ping>.makeStream()
    await warnings.collect {
      let store = Store(
        initialState: .init(), interactor: UncodableEventInteractor(pings: pings), recording: .file(file.path))
      continuation.yield(.init(number: 1))
      continuation.yield(.init(number: 2))
      _ = await store.values(\.pings).first { $0.count == 2 }
      await store.stopAndFlush()
    }
    #expect(warnings.all.count == 1)
    #expect(
      warnings.all.first?.contains(
        "leaves out the elements of hook .pings: ActuateTestingTests.UncodableEventInteractor.Ping is not Codable")
        == true)
    let hookLines = file.lines.filter { $0.contains(#""kind":"hook""#) }
    #expect(hookLines.count == 2)
    #expect(hookLines.allSatisfy { $0.hasSuffix(#""element":null}"#) })
    #expect(file.lines.dropLast().last?.hasSuffix(#""state":{"pings":[1,2]}}"#) == true)
  }

  @Test func theSameStateMadeByOtherCodeDiverges() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    try file.write(
      #"{"format":"actuate-session","version":1,"interactor":"EventLogInteractor","store":"EventLogInteractor#1","state":{"log":[]}}"#
        + "\n" + #"{"kind":"send","task":1,"action":{"note":{"_0":"a"}},"description":".note(\"a\")"}"# + "\n"
        + #"{"kind":"change","change":1,"cause":"hook .events","state":{"log":["a"]}}"# + "\n")
    let found = try #require(try await divergence(replaying: file.url, interactor: EventLogInteractor.replaying))
    #expect(found.line == 3)
    #expect(found.change == 1)
    #expect(found.summary == #"change 1 was made by hook .events in the recording, and by .note("a") in the replay"#)
  }
}
