import Actuate
import ActuateTesting
import Foundation
import Testing

/// When a persisted store saves: after its changes, coalesced, off the store, and at its stop; and how a
/// caller waits for a change to be durable.
@Suite("Persistence: saving", .timeLimit(.minutes(1)))
struct PersistenceSaveTests {
  @Test func anActionsChangeIsDurableOnceWaitUntilSavedReturns() async throws {
    let file = StatePath()
    defer { file.remove() }
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: .file(file.url, persisting: \.notes))
    await store.sendAndWait(.add("milk"))
    try await store.waitUntilSaved()
    #expect(try await file.savedNotes() == ["milk"])
    await store.sendAndWait(.add("eggs"))
    try await store.waitUntilSaved()
    #expect(try await file.savedNotes() == ["milk", "eggs"])
  }

  @Test func aBurstIsSavedInAFewWritesOneAtATimeTheNewestLast() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: Persistence(storage: storage, persisting: \.notes))
    storage.hold()
    await store.sendAndWait(.add("0"))
    // The first save is held: the store goes on taking changes meanwhile.
    for index in 1..<500 { await store.sendAndWait(.add("\(index)")) }
    #expect(await store.state.notes.count == 500)
    storage.release()
    try await store.waitUntilSaved()
    #expect(storage.mostInFlight == 1)
    #expect(storage.saves.count <= 3, "the held save, then the newest state, at most once more")
    #expect(storage.saves.last?.notes == (0..<500).map(String.init))
  }

  @Test func changesToWhatDoesNotPersistWriteNothing() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: Persistence(storage: storage, persisting: \.notes))
    await store.sendAndWait(.add("milk"))
    try await store.waitUntilSaved()
    for text in ["m", "mi", "mil"] { await store.sendAndWait(.type(text)) }
    try await store.waitUntilSaved()
    #expect(storage.saves.map(\.notes) == [["milk"]])
  }

  @Test func aProjectionSavesWhatItMakesAndRestoresIt() async throws {
    let storage = ScriptedStorage(stored: StoredState.notes(["saved"]))
    let persistence = Persistence<Notes.State>(
      storage: storage, saving: { $0.notes.map { $0.uppercased() } },
      restoring: { state, notes in state.notes = notes.map { $0.lowercased() } })
    let store = await Store(initialState: Notes.State(), interactor: Notes(), persistence: persistence)
    #expect(await store.state.notes == ["saved"])
    await store.sendAndWait(.add("tea"))
    try await store.waitUntilSaved()
    #expect(storage.saves.last?.notes == ["SAVED", "TEA"])
  }

  @Test func theStopSavesTheLastChange() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: Persistence(storage: storage, persisting: \.notes))
    storage.hold()
    for note in ["a", "b", "c"] { await store.sendAndWait(.add(note)) }
    store.stop()
    storage.release()
    for await saved in storage.saved where saved.notes == ["a", "b", "c"] { break }
    #expect(storage.stored?.notes == ["a", "b", "c"])
  }

  @Test func aFailedSaveWarnsOnceKeepsWhatWasSavedAndIsTriedAgain() async throws {
    let warnings = Warnings()
    try await warnings.collect {
      let storage = ScriptedStorage()
      let store = await Store(
        initialState: Notes.State(), interactor: Notes(), name: "notes",
        persistence: Persistence(storage: storage, persisting: \.notes))
      await store.sendAndWait(.add("a"))
      try await store.waitUntilSaved()
      storage.fail(with: SaveFailed())
      await store.sendAndWait(.add("b"))
      await #expect(throws: SaveFailed.self) { try await store.waitUntilSaved() }
      await store.sendAndWait(.add("c"))
      await #expect(throws: SaveFailed.self) { try await store.waitUntilSaved() }
      #expect(storage.stored?.notes == ["a"])
      storage.fail(with: nil)
      try await store.waitUntilSaved()
      #expect(storage.stored?.notes == ["a", "b", "c"])
    }
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("notes could not save its state to its ScriptedStorage") == true)
  }

  @Test func aWaitBegunAsASaveFailsIsAnsweredByTheRetry() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: Persistence(storage: storage, persisting: \.notes))
    await store.sendAndWait(.add("a"))
    try await store.waitUntilSaved()
    storage.fail(with: SaveFailed())
    // The failure's warning comes after the failed save has answered its waiters and before its task looks
    // for more to save: a wait that begins there (synchronously, as `Task.immediate` runs up to its first
    // suspension) finds the save still in flight, and must still get its answer.
    let late = Locked<Task<Void, any Error>?>(nil)
    await Diagnostics.$handler.withValue({ _ in
      late.withLock { $0 = Task.immediate { try await store.waitUntilSaved() } }
    }) {
      await store.sendAndWait(.add("b"))
      await #expect(throws: SaveFailed.self) { try await store.waitUntilSaved() }
    }
    let waiting = try #require(late.withLock { $0 })
    await #expect(throws: SaveFailed.self) { try await waiting.value }
    storage.fail(with: nil)
    try await store.waitUntilSaved()
    #expect(storage.stored?.notes == ["a", "b"])
  }

  @Test func waitingIsCancelledWithTheCallingTask() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Notes.State(), interactor: Notes(), persistence: Persistence(storage: storage, persisting: \.notes))
    storage.hold()
    await store.sendAndWait(.add("a"))
    let waiting = Task { try await store.waitUntilSaved() }
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    storage.release()
    try await store.waitUntilSaved()
  }

  @Test func aStoreWithoutPersistenceHasNothingToWaitFor() async throws {
    let store = Store(initialState: Notes.State(), interactor: Notes())
    await store.sendAndWait(.add("a"))
    try await store.waitUntilSaved()
  }
}
