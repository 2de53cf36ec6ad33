import Actuate
import Foundation

/// What a store costs while it does nothing: many small features alive at once.
///
/// Resident memory is read before the stores exist and after every one has started, while all are still
/// held; bare actors holding the same state are measured the same way, for scale.
enum IdleStores {
  static let scenario = Scenario(name: "idle-stores", target: .none) { settings in
    let count = settings.count(10_000, quickDivisor: 10)
    // The actors first: stores torn down before them would leave freed pages for the actors to reuse.
    let (actorBytes, _) = try await residentGrowth {
      let counters = (0..<count).map { _ in BareCounter() }
      for counter in counters { _ = await counter.count }
      return counters
    }
    let (storeBytes, _) = try await storesGrowth(count) { _ in
      Store(initialState: Counter.State(), interactor: Counter())
    }
    var result = ScenarioResult(name: "idle-stores", target: .none, status: .reported)
    result.count = count
    result.notes.append(
      "\(Format.bytes(storeBytes / count)) per idle store (RSS delta / \(Format.count(count))); a bare actor: \(Format.bytes(actorBytes / count))"
    )
    result.metrics = ["bytesPerStore": Double(storeBytes / count), "bytesPerBareActor": Double(actorBytes / count)]
    return result
  }

  /// What a store persisted to a file costs while it does nothing, beside a plain store in the same run.
  ///
  /// Each persisted store has a file of its own and has loaded its count from it, as a service's store
  /// does when it is made again for a session it saved; it keeps the bytes it loaded, so that a save of
  /// the same bytes is skipped. Stores persisted to a file not yet written are measured too: the
  /// persistence alone, with nothing loaded.
  static let persisted = Scenario(name: "idle-persisted-stores", target: .none) { settings in
    let count = settings.count(10_000, quickDivisor: 10)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-idle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let saved = 7
    try await writeSeed(count: saved, to: folder.appendingPathComponent("seed.state"))
    // Copies, not saves: a save syncs the disk, and 10,000 of them would time the disk, not the stores.
    for index in 0..<count {
      try FileManager.default.copyItem(
        at: folder.appendingPathComponent("seed.state"), to: folder.appendingPathComponent("\(index).state"))
    }
    // Each kind is held while the next is measured, so that no kind's stores reuse pages another freed.
    let (plainBytes, plain) = try await storesGrowth(count) { _ in
      Store(initialState: Counter.State(), interactor: Counter())
    }
    let (unwrittenBytes, unwritten) = try await storesGrowth(count) { index in
      Store(
        initialState: Counter.State(), interactor: Counter(),
        persistence: .file(folder.appendingPathComponent("unwritten-\(index).state"), persisting: \.count))
    }
    let (loadedBytes, loaded) = try await storesGrowth(count) { index in
      Store(
        initialState: Counter.State(), interactor: Counter(),
        persistence: .file(folder.appendingPathComponent("\(index).state"), persisting: \.count))
    }
    for store in loaded {
      let counted = await store.state.count
      try check(counted == saved, "a persisted store loaded a count of \(counted), not \(saved)")
    }
    withExtendedLifetime((plain, unwritten)) {}
    var result = ScenarioResult(name: "idle-persisted-stores", target: .none, status: .reported)
    result.count = count
    result.notes.append(
      "\(Format.bytes(loadedBytes / count)) per idle store persisted to a file it loaded (RSS delta / \(Format.count(count))); persisted to a file not yet written: \(Format.bytes(unwrittenBytes / count)); a plain store: \(Format.bytes(plainBytes / count))"
    )
    result.metrics = [
      "bytesPerPersistedStore": Double(loadedBytes / count),
      "bytesPerUnwrittenPersistedStore": Double(unwrittenBytes / count),
      "bytesPerPlainStore": Double(plainBytes / count),
    ]
    return result
  }

  /// Saves a count to `url` through a persisted store, so the file is in the format a store writes.
  private static func writeSeed(count: Int, to url: URL) async throws {
    let store = await Store(
      initialState: Counter.State(), interactor: Counter(), persistence: .file(url, persisting: \.count))
    for _ in 0..<count { await store.sendAndWait(.increment) }
    try await store.waitUntilSaved()
    store.stop()
  }

  /// Resident memory's growth while `count` stores are made, each by `make` with its index, and the stores.
  private static func storesGrowth(
    _ count: Int, _ make: (Int) -> Store<Counter>
  ) async throws -> (Int, [Store<Counter>]) {
    try await residentGrowth {
      let stores = (0..<count).map(make)
      // Reading the state waits for each store's start to be taken, so every store is fully set up.
      for store in stores { _ = await store.state }
      return stores
    }
  }

  /// Resident memory's growth while `make` runs, and what it made, which the caller may keep alive.
  private static func residentGrowth<T>(_ make: () async -> [T]) async throws -> (Int, [T]) {
    Memory.trim()
    guard let before = Memory.resident else { throw CheckFailure(description: "no /proc/self/status here") }
    let made = await make()
    let after = Memory.resident ?? before
    return (after - before, made)
  }
}
