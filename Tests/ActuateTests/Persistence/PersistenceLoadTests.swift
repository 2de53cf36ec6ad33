import Actuate
import ActuateTesting
import Foundation
import Testing

/// When a persisted store loads, what it does with old versions, and what it does with state it cannot use.
@Suite("Persistence: loading", .timeLimit(.minutes(1)))
struct PersistenceLoadTests {
  @Test func theSavedStateIsThereBeforeTheHooksAndTheFirstAction() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(["milk"])
    let store = await Store(
      initialState: Notes.State(draft: "x"), interactor: Notes(), persistence: .file(file.url, persisting: \.notes))
    let state = await store.state
    #expect(state == Notes.State(notes: ["milk"], draft: "x", seenByHook: ["milk"]))
  }

  @Test func aStoreMadeWithAwaitLoadsFromAnyStorage() async throws {
    let storage = ScriptedStorage(stored: .notes(["milk"]))
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: Persistence(storage: storage, persisting: \.notes))
    #expect(await store.state.seenByHook == ["milk"])
  }

  @Test func aStoreMadeWithoutAwaitOnAStorageThatNeedsItSaysSoAndSavesNothing() async throws {
    let warnings = Warnings()
    let storage = ScriptedStorage(stored: .notes(["milk"]))
    await warnings.collect {
      let store = makeWithoutAwait(Persistence(storage: storage, persisting: \.notes))
      #expect(await store.state.notes == [])
      await store.sendAndWait(.add("tea"))
      await #expect(throws: PersistenceError.self) { try await store.waitUntilSaved() }
    }
    #expect(storage.stored?.notes == ["milk"])
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("which loads only with await") == true)
  }

  @Test func theWholeStatePersistsWhenNothingIsNamed() async throws {
    let file = StatePath()
    defer { file.remove() }
    let first = await Store(initialState: Notes.State(), interactor: Notes(), persistence: .file(file.url))
    await first.sendAndWait(.type("draft"))
    try await first.waitUntilSaved()
    first.stop()
    let second = await Store(initialState: Notes.State(), interactor: Notes(), persistence: .file(file.url))
    #expect(await second.state.draft == "draft")
    try await second.waitUntilSaved()
  }

  @Test func aTestStoreStartsFromPersistedState() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(["milk"])
    let persistence = Persistence<Notes.State>.file(file.url, persisting: \.notes)
    let store = TestStore(initialState: await persistence.load(startingFrom: .init()), interactor: Notes(), hooks: [])
    await store.send(.add("tea")) { $0.notes = ["milk", "tea"] }
    await store.finish()
  }

  // MARK: Versions

  struct NoteV1: Codable, Sendable {
    var text: String
  }

  @Test func anOlderVersionIsMigrated() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save([NoteV1(text: "milk")], version: 1)
    let persistence = Persistence<Notes.State>.file(
      file.url, persisting: \.notes, version: 2,
      migrations: [.from(1, as: [NoteV1].self) { old in old.map(\.text) }])
    let store = await Store(initialState: Notes.State(), interactor: Notes(), persistence: persistence)
    #expect(await store.state.notes == ["milk"])
    await store.sendAndWait(.add("tea"))
    try await store.waitUntilSaved()
    #expect(try await FileStorage(file.url).load()?.version == 2)
  }

  // MARK: State that cannot be used

  enum BadInput: String, CaseIterable, Sendable {
    case garbage, truncated, futureVersion, noLongerDecodes, noMigration, empty
  }

  @Test(arguments: BadInput.allCases)
  func badInputWarnsOnceStartsFromTheInitialStateAndIsMovedAsideNeverOverwritten(_ input: BadInput) async throws {
    let file = StatePath()
    defer { file.remove() }
    let bad = try await badFile(input, at: file)
    let warnings = Warnings()
    try await warnings.collect {
      let store = await Store(
        initialState: Notes.State(notes: ["initial"]), interactor: Notes(), name: "notes",
        persistence: .file(file.url, persisting: \.notes, version: 2))
      #expect(await store.state.notes == ["initial"])
      await store.sendAndWait(.add("tea"))
      try await store.waitUntilSaved()
    }
    #expect(warnings.all.count == 1)
    let warning = try #require(warnings.all.first)
    #expect(warning.hasPrefix("[Actuate] warning: notes could not use its saved state in \(file.path)"))
    #expect(warning.contains(Self.reason[input]!), "\(warning)")
    #expect(warning.hasSuffix("moved to \(file.path).unreadable-1."))
    #expect(file.bytes("notes.state.unreadable-1") == bad)
    #expect(try await file.savedNotes() == ["initial", "tea"])
  }

  private static let reason: [BadInput: String] = [
    .garbage: "its first line is not an Actuate state header",
    .truncated: "its header announces",
    .futureVersion: "it was saved at version 3, newer than this app's 2",
    .noLongerDecodes: "it does not decode as the type of version 2",
    .noMigration: "no migration reads that version",
    .empty: "the file is empty",
  ]

  @Test func aSecondBadFileIsMovedBesideTheFirst() async throws {
    let file = StatePath()
    defer { file.remove() }
    let warnings = Warnings()
    try await warnings.collect {
      for _ in 0..<2 {
        try file.write(Array("not a state".utf8))
        let store = await Store(
          initialState: Notes.State(), interactor: Notes(), persistence: .file(file.url, persisting: \.notes))
        await store.sendAndWait(.add("tea"))
        try await store.waitUntilSaved()
      }
    }
    #expect(file.files == ["notes.state", "notes.state.unreadable-1", "notes.state.unreadable-2"])
    #expect(warnings.all.count == 2)
  }

  @Test func theWarningGoesToTheStoresDebugLog() async throws {
    let file = StatePath()
    defer { file.remove() }
    try file.write(Array("not a state".utf8))
    let lines = Locked<[String]>([])
    let log = DebugLog(.custom { text in lines.withLock { $0.append(text) } })
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), debug: .using(log), name: "notes",
      persistence: .file(file.url, persisting: \.notes))
    await store.flushDebugLog()
    #expect(lines.withLock { $0 }.contains { $0.contains("notes could not use its saved state") })
    try await store.waitUntilSaved()
  }

  private func badFile(_ input: BadInput, at file: StatePath) async throws -> [UInt8] {
    switch input {
    case .garbage: try file.write(Array("{\n  \"notes\": [\"milk\"]\n}\n".utf8))
    case .empty: try file.write([])
    case .truncated:
      try await file.save(["milk", "eggs"], version: 2)
      try file.write(Array(file.bytes()!.dropLast(3)))
    case .futureVersion: try await file.save(["milk"], version: 3)
    case .noLongerDecodes: try await file.save([1, 2], version: 2)
    case .noMigration: try await file.save(["milk"], version: 1)
    }
    return file.bytes()!
  }

  /// A store made where `await` is not used: the initialiser that loads at once.
  private func makeWithoutAwait(_ persistence: Persistence<Notes.State>) -> Store<Notes> {
    Store(initialState: Notes.State(), interactor: Notes(), persistence: persistence)
  }
}
