import Actuate
import ActuateTesting
import Foundation
import Testing

// The code samples of Docs/PersistingState.md, compiled with the tests so they stay true.

struct Editor: Interactor {
  struct Draft: Codable, Equatable, Sendable {
    var title = ""
    var body = ""
  }

  struct State: Equatable, Sendable {
    var draft = Draft()  // persists
    var isSpellChecking = false  // does not
  }

  enum Action: Equatable, Sendable {
    case titleChanged(String)
    case bodyChanged(String)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .titleChanged(let title): store.draft.title = title
    case .bodyChanged(let body): store.draft.body = body
    }
  }
}

extension Editor {
  /// The first version of `Draft`, as a migration reads it.
  struct DraftV1: Codable, Sendable {
    var name: String
  }
}

extension Editor {
  static func makeEditor(folder: URL) -> Store<Editor> {
    let store = Store(
      initialState: Editor.State(), interactor: Editor(),
      persistence: .file(folder.appendingPathComponent("draft.state"), persisting: \.draft))
    return store
  }

  static func migrating(url: URL) -> Persistence<Editor.State> {
    let persistence = Persistence<Editor.State>.file(
      url, persisting: \.draft, version: 2,
      migrations: [.from(1, as: DraftV1.self) { old in Draft(title: old.name, body: "") }])
    return persistence
  }

  static func acknowledge(_ store: Store<Editor>, title: String) async throws {
    await store.sendAndWait(.titleChanged(title))
    try await store.waitUntilSaved()  // the change is on disk: acknowledge it
  }
}

extension Editor {
  static func projected(url: URL) -> Persistence<Editor.State> {
    let persistence = Persistence<Editor.State>(
      storage: FileStorage(url), saving: { $0.draft.title },
      restoring: { state, title in state.draft.title = title })
    return persistence
  }

  static func makeEditor(database: Database) async -> Store<Editor> {
    let store = await Store(
      initialState: Editor.State(), interactor: Editor(),
      persistence: Persistence(storage: DatabaseStorage(key: "draft", database: database), persisting: \.draft))
    return store
  }
}

/// A database of the app's own, in memory here.
actor Database {
  private var rows: [String: (version: Int, bytes: [UInt8])] = [:]

  func read(_ key: String) -> (version: Int, bytes: [UInt8])? { rows[key] }

  func write(_ key: String, version: Int, bytes: [UInt8]) { rows[key] = (version, bytes) }

  func rename(_ key: String, to newKey: String) {
    rows[newKey] = rows.removeValue(forKey: key)
  }
}

/// A storage over a database of the app's own.
struct DatabaseStorage: StateStorage {
  let key: String
  let database: Database

  func load() async throws -> StoredState? {
    await database.read(key).map { StoredState(version: $0.version, bytes: $0.bytes) }
  }

  func save(_ state: StoredState) async throws {
    await database.write(key, version: state.version, bytes: state.bytes)  // returns once committed
  }

  func setAside(reason: String) async throws -> String? {
    await database.rename(key, to: key + ".unreadable")
    return key + ".unreadable"
  }
}

@Suite("Persistence guide samples", .timeLimit(.minutes(1)))
struct PersistenceGuideSampleTests {
  @Test func theEditorKeepsItsDraftAcrossLaunches() async throws {
    let file = StatePath()
    defer { file.remove() }
    let first = await Task.detached { Editor.makeEditor(folder: file.folder) }.value
    try await Editor.acknowledge(first, title: "Groceries")
    first.stop()
    let second = await Task.detached { Editor.makeEditor(folder: file.folder) }.value
    #expect(await second.state.draft.title == "Groceries")
  }

  @Test func aDraftOfVersionOneIsMigrated() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(Editor.DraftV1(name: "Groceries"), version: 1)
    let persistence = Editor.migrating(url: file.url)
    let store = TestStore(
      initialState: await persistence.load(startingFrom: Editor.State()), interactor: Editor())
    #expect(store.state.draft == Editor.Draft(title: "Groceries", body: ""))
    await store.send(.bodyChanged("milk")) { $0.draft.body = "milk" }
    await store.finish()
  }

  @Test func aProjectionPersistsTheTitleAlone() async throws {
    let file = StatePath()
    defer { file.remove() }
    let store = await Store(
      initialState: Editor.State(), interactor: Editor(), persistence: Editor.projected(url: file.url))
    await store.sendAndWait(.titleChanged("Groceries"))
    await store.sendAndWait(.bodyChanged("milk"))
    try await store.waitUntilSaved()
    #expect(try await FileStorage(file.url).load()?.bytes == Array(#""Groceries""#.utf8))
  }

  @Test func aStorageOfYourOwn() async throws {
    let database = Database()
    let first = await Editor.makeEditor(database: database)
    await first.sendAndWait(.titleChanged("Groceries"))
    try await first.waitUntilSaved()
    let second = await Editor.makeEditor(database: database)
    #expect(await second.state.draft.title == "Groceries")
  }
}
