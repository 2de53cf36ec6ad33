/// The state a store starts from, read from its storage, and what to warn about.
struct LoadedState<State: Sendable>: Sendable {
  var state: State
  /// Each warning, given the store's name (`nil` outside a store).
  var warnings: [@Sendable (StoreID?) -> String] = []
  /// Why the store may not save, if it may not: stored state it could not use is still where a save would
  /// go.
  var refusal: PersistenceError?
  /// What was loaded, when it was at the current version: a save of the same bytes is skipped.
  var stored: StoredState?
}

/// Loading a store's state: read, decode or migrate, and set aside what cannot be used.
enum PersistenceLoad {
  static func load<State>(_ persistence: Persistence<State>, startingFrom initialState: State) async -> LoadedState<
    State
  > {
    let read: Result<StoredState?, any Error>
    do { read = .success(try await persistence.storage.load()) } catch { read = .failure(error) }
    var loaded = LoadedState(state: initialState)
    guard let problem = restore(read, persistence, into: &loaded) else { return loaded }
    let aside: Result<String?, any Error>
    do {
      aside = .success(try await persistence.storage.setAside(reason: problem.explanation))
    } catch {
      aside = .failure(error)
    }
    report(problem, aside: aside, storage: persistence.storage, into: &loaded)
    return loaded
  }

  /// Loads from a file on the calling thread; `nil` if the storage is not a file.
  static func loadNow<State>(_ persistence: Persistence<State>, startingFrom initialState: State) -> LoadedState<
    State
  >? {
    guard let file = persistence.file else { return nil }
    let read: Result<StoredState?, any Error>
    do { read = .success(try file.loadNow()) } catch { read = .failure(error) }
    var loaded = LoadedState(state: initialState)
    guard let problem = restore(read, persistence, into: &loaded) else { return loaded }
    let aside: Result<String?, any Error>
    do { aside = .success(try file.setAsideNow()) } catch { aside = .failure(error) }
    report(problem, aside: aside, storage: file, into: &loaded)
    return loaded
  }

  /// Puts what was read into `loaded`'s state; returns why it cannot, if it cannot.
  private static func restore<State>(
    _ read: Result<StoredState?, any Error>, _ persistence: Persistence<State>, into loaded: inout LoadedState<State>
  ) -> StoredStateProblem? {
    let stored: StoredState?
    switch read {
    case .success(let value):
      stored = value
    case .failure(let error as PersistenceError):
      if case .unreadable(let reason) = error { return .unreadable(reason) }
      return .unreadable(String(describing: error))
    case .failure(let error):
      return .unreadable(String(describing: error))
    }
    guard let stored else { return nil }
    do {
      loaded.state = try persistence.codec.restore(stored, loaded.state)
      if stored.version == persistence.version { loaded.stored = stored }
      return nil
    } catch {
      return error
    }
  }

  private static func report<State>(
    _ problem: StoredStateProblem, aside: Result<String?, any Error>, storage: any StateStorage,
    into loaded: inout LoadedState<State>
  ) {
    let place = (storage as? FileStorage).map { "in \($0.path)" } ?? "in its \(type(of: storage))"
    let outcome: String
    switch aside {
    case .success(let name?):
      outcome = "What was saved is kept, moved to \(name)."
    case .success(nil):
      outcome = "What was saved is kept, set aside by the storage."
    case .failure(let error):
      loaded.refusal = .notWritten("the saved state it could not use could not be set aside: \(error)")
      outcome =
        "What was saved could not be set aside (\(error)), so this store saves nothing, leaving it as it is."
    }
    let explanation = problem.explanation
    loaded.warnings.append { id in
      "\(id.map { "\($0)" } ?? "The store") could not use its saved state \(place), so it starts from its initial state: \(explanation). \(outcome)"
    }
  }
}
