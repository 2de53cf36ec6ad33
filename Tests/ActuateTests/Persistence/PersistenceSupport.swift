import Actuate
import Foundation

/// A notes feature whose notes persist and whose draft does not.
struct Notes: Interactor {
  struct State: Equatable, Sendable, Codable {
    var notes: [String] = []
    var draft = ""
    var seenByHook: [String]?
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case type(String)
  }

  enum Hook: CaseIterable, Sendable {
    case start
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .add(let note): store.notes.append(note)
    case .type(let text): store.draft = text
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    // What the hook sees as the store starts: the loaded notes, or nil if it ran before the load.
    store.seenByHook = store.notes
    return .send(AsyncStream<Action> { $0.finish() })
  }
}

/// A state file's path in a fresh temporary folder, removed with its side files by `remove`.
struct StatePath {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-state-\(UUID().uuidString)")
  var url: URL { folder.appendingPathComponent("notes.state") }
  var path: String { url.path }

  init() {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The names in the folder, sorted.
  var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

  func bytes(_ name: String = "notes.state") -> [UInt8]? {
    FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map(Array.init)
  }

  func write(_ bytes: [UInt8]) throws {
    try Data(bytes).write(to: url)
  }

  /// Saves `notes` at `version`, as the store's persistence of `\.notes` would.
  func save<Value: Encodable>(_ value: Value, version: Int = 1) async throws {
    try await FileStorage(url).save(StoredState(version: version, bytes: Array(try JSONEncoder().encode(value))))
  }

  /// The notes saved in the file, decoded.
  func savedNotes() async throws -> [String]? {
    guard let stored = try await FileStorage(url).load() else { return nil }
    return try JSONDecoder().decode([String].self, from: Data(stored.bytes))
  }
}

/// A storage in memory that a test drives: it counts saves, can hold each save until the test lets it go,
/// and can fail.
final class ScriptedStorage: StateStorage {
  private struct Script {
    var stored: StoredState?
    var saves: [StoredState] = []
    var inFlight = 0
    var mostInFlight = 0
    var holding = false
    var held: [CheckedContinuation<Void, Never>] = []
    var failing: (any Error)?
    var setAside: [StoredState] = []
  }

  private let script: Locked<Script>
  /// Each state as it is saved, for a test to await.
  let saved: AsyncStream<StoredState>
  private let savedContinuation: AsyncStream<StoredState>.Continuation

  init(stored: StoredState? = nil) {
    script = Locked(Script(stored: stored))
    (saved, savedContinuation) = AsyncStream.makeStream()
  }

  var saves: [StoredState] { script.withLock { $0.saves } }
  var mostInFlight: Int { script.withLock { $0.mostInFlight } }
  var setAsideStates: [StoredState] { script.withLock { $0.setAside } }
  var stored: StoredState? { script.withLock { $0.stored } }

  /// Holds every save until `release()`.
  func hold() { script.withLock { $0.holding = true } }

  func release() {
    let held = script.withLock { script in
      script.holding = false
      defer { script.held = [] }
      return script.held
    }
    for continuation in held { continuation.resume() }
  }

  /// Whether a save is waiting for `release()`.
  var isHoldingASave: Bool { script.withLock { !$0.held.isEmpty } }

  func fail(with error: (any Error)?) { script.withLock { $0.failing = error } }

  func load() async throws -> StoredState? { script.withLock { $0.stored } }

  func save(_ state: StoredState) async throws {
    script.withLock { script in
      script.inFlight += 1
      script.mostInFlight = max(script.mostInFlight, script.inFlight)
    }
    defer { script.withLock { $0.inFlight -= 1 } }
    await withCheckedContinuation { continuation in
      let holds = script.withLock { script in
        if script.holding { script.held.append(continuation) }
        return script.holding
      }
      if !holds { continuation.resume() }
    }
    try script.withLock { script in
      if let failing = script.failing { throw failing }
      script.stored = state
      script.saves.append(state)
    }
    savedContinuation.yield(state)
  }

  func setAside(reason: String) async throws -> String? {
    script.withLock { script in
      if let stored = script.stored { script.setAside.append(stored) }
      script.stored = nil
    }
    return nil
  }
}

extension StoredState {
  /// The stored notes.
  static func notes(_ notes: [String], version: Int = 1) -> StoredState {
    StoredState(version: version, bytes: (try? JSONEncoder().encode(notes)).map(Array.init) ?? [])
  }

  var notes: [String]? { try? JSONDecoder().decode([String].self, from: Data(bytes)) }
}

struct SaveFailed: Error, Equatable {}
