import Actuate
import ActuateTesting
import Foundation
import Testing

// The code samples of Docs/Persistence.md, compiled with the tests so they stay true.

struct Draft: Codable, Equatable, Sendable {
  var title = ""
  var body = ""
}

struct Editor: Interactor {
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

/// The first version of `Draft`, as a migration reads it.
struct DraftV1: Codable, Sendable {
  var name: String
}

enum PersistenceGuide {
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

@Suite("Persistence guide samples", .timeLimit(.minutes(1)))
struct PersistenceGuideSampleTests {
  @Test func theEditorKeepsItsDraftAcrossLaunches() async throws {
    let file = StatePath()
    defer { file.remove() }
    let first = await Task.detached { PersistenceGuide.makeEditor(folder: file.folder) }.value
    try await PersistenceGuide.acknowledge(first, title: "Groceries")
    first.stop()
    let second = await Task.detached { PersistenceGuide.makeEditor(folder: file.folder) }.value
    #expect(await second.state.draft.title == "Groceries")
  }

  @Test func aDraftOfVersionOneIsMigrated() async throws {
    let file = StatePath()
    defer { file.remove() }
    try await file.save(DraftV1(name: "Groceries"), version: 1)
    let persistence = PersistenceGuide.migrating(url: file.url)
    let store = TestStore(
      initialState: await persistence.load(startingFrom: Editor.State()), interactor: Editor())
    #expect(store.state.draft == Draft(title: "Groceries", body: ""))
    await store.send(.bodyChanged("milk")) { $0.draft.body = "milk" }
    await store.finish()
  }
}
