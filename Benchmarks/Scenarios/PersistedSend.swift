import Actuate
import Foundation

/// What saving costs: a burst of sends to a store persisted to a file, up to its last change being on disk,
/// against the same burst to a store without persistence; and a change awaited until durable, one at a time.
enum PersistedSend {
  static let burst = Scenario(name: "persisted-burst", target: .none) { settings in
    let count = settings.count(1_000_000)
    let writes = Locked<[Int]>([])
    let runs = try await settings.compare(
      actuate: {
        try await withStateFile { url in
          let storage = CountingStorage(FileStorage(url))
          let store = await Store(
            initialState: Counter.State(), interactor: Counter(),
            persistence: Persistence(storage: storage, persisting: \.count))
          let start = ContinuousClock.now
          for number in 0..<count - 1 { store.send(.numbered(number)) }
          await store.send(.numbered(count - 1)).finish()
          try await store.waitUntilSaved()
          let elapsed = ContinuousClock.now - start
          try await checkAppliedInOrder(store, count: count)
          try check(storage.lastCount == count, "the file holds \(storage.lastCount ?? -1) of \(count)")
          writes.withLock { $0.append(storage.saves) }
          return elapsed
        }
      },
      baseline: {
        let store = Store(initialState: Counter.State(), interactor: Counter())
        let elapsed = await timeBurst(count) { store.send(.numbered($0)) }
        try await checkAppliedInOrder(store, count: count)
        return elapsed
      }
    )
    var result = ScenarioResult(
      name: "persisted-burst", count: count, runs: runs,
      baseline: "the same burst to a store without persistence", target: .none, settings: settings)
    let saves = writes.withLock { $0 }
    result.notes.append(
      "writes per burst of \(Format.count(count)) changes: \(saves.map(String.init).joined(separator: ", ")); timed up to the last change durable"
    )
    return result
  }

  static let durable = Scenario(name: "persisted-durable", target: .none) { settings in
    let count = settings.count(2_000)
    let runs = try await settings.compare(
      actuate: {
        try await withStateFile { url in
          let store = await Store(
            initialState: Counter.State(), interactor: Counter(), persistence: .file(url, persisting: \.count))
          let start = ContinuousClock.now
          for _ in 0..<count {
            await store.sendAndWait(.increment)
            try await store.waitUntilSaved()
          }
          let elapsed = ContinuousClock.now - start
          let counted = await store.state.count
          try check(counted == count, "the store counted \(counted) of \(count)")
          return elapsed
        }
      },
      baseline: {
        let store = Store(initialState: Counter.State(), interactor: Counter())
        return try await timeCounterSends(count, in: store) { await $0.sendAndWait(.increment) }
      }
    )
    return ScenarioResult(
      name: "persisted-durable", count: count, runs: runs,
      baseline: "sendAndWait to a store without persistence", target: .none, settings: settings)
  }

  private static func withStateFile(_ body: (URL) async throws -> Duration) async throws -> Duration {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder.appendingPathComponent("counter.state"))
  }
}

/// A file storage that counts its writes and remembers the count it last wrote.
private final class CountingStorage: StateStorage {
  private let file: FileStorage
  private let counts = Locked<(saves: Int, last: Int?)>((0, nil))

  init(_ file: FileStorage) {
    self.file = file
  }

  var saves: Int { counts.withLock { $0.saves } }
  var lastCount: Int? { counts.withLock { $0.last } }

  func load() async throws -> StoredState? { try await file.load() }

  func save(_ state: StoredState) async throws {
    try await file.save(state)
    counts.withLock { $0 = ($0.saves + 1, Int(String(decoding: state.bytes, as: UTF8.self))) }
  }

  func setAside(reason: String) async throws -> String? { try await file.setAside(reason: reason) }
}
