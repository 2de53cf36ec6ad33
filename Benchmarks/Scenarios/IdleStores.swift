import Actuate

/// What a store costs while it does nothing: many small features alive at once.
///
/// Resident memory is read before the stores exist and after every one has started, while all are still
/// held; bare actors holding the same state are measured the same way, for scale.
enum IdleStores {
  static let scenario = Scenario(name: "idle-stores", target: .none) { settings in
    let count = settings.count(10_000, quickDivisor: 10)
    // The actors first: stores torn down before them would leave freed pages for the actors to reuse.
    let actorBytes = try await residentGrowth {
      let counters = (0..<count).map { _ in BareCounter() }
      for counter in counters { _ = await counter.count }
      return counters
    }
    let storeBytes = try await residentGrowth {
      let stores = (0..<count).map { _ in Store(initialState: Counter.State(), interactor: Counter()) }
      // Reading the state waits for each store's start to be taken, so every store is fully set up.
      for store in stores { _ = await store.state }
      return stores
    }
    var result = ScenarioResult(name: "idle-stores", target: .none, status: .reported)
    result.count = count
    result.notes.append(
      "\(Format.bytes(storeBytes / count)) per idle store (RSS delta / \(Format.count(count))); a bare actor: \(Format.bytes(actorBytes / count))"
    )
    result.metrics = ["bytesPerStore": Double(storeBytes / count), "bytesPerBareActor": Double(actorBytes / count)]
    return result
  }

  private static func residentGrowth<T>(_ make: () async -> [T]) async throws -> Int {
    Memory.trim()
    guard let before = Memory.resident else { throw CheckFailure(description: "no /proc/self/status here") }
    let made = await make()
    let after = Memory.resident ?? before
    withExtendedLifetime(made) {}
    return after - before
  }
}
