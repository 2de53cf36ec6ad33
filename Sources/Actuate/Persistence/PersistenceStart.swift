/// What a persisted store starts with: the state loaded from storage, and what it says about it.
@usableFromInline
struct PersistenceStart<State: Sendable>: Sendable {
  let persistence: Persistence<State>
  let loaded: LoadedState<State>
  /// Why the store saves nothing, if it does not.
  let refusal: PersistenceError?

  /// Loads from storage, awaiting it.
  @usableFromInline
  static func loading(_ persistence: Persistence<State>, startingFrom state: State) async -> Self {
    let loaded = await PersistenceLoad.load(persistence, startingFrom: state)
    return Self(persistence: persistence, loaded: loaded, refusal: loaded.refusal)
  }

  /// Loads from a file on the calling thread; another storage loads only with `await`, so the store then
  /// starts from `state` and saves nothing, which would overwrite what it did not read.
  @usableFromInline
  static func loadingNow(_ persistence: Persistence<State>, startingFrom state: State) -> Self {
    if let loaded = PersistenceLoad.loadNow(persistence, startingFrom: state) {
      return Self(persistence: persistence, loaded: loaded, refusal: loaded.refusal)
    }
    let kind = String(describing: type(of: persistence.storage))
    var loaded = LoadedState(state: state)
    loaded.warnings.append { id in
      "\(id.map { "\($0)" } ?? "The store") keeps its state in a \(kind), which loads only with await, so it starts from its initial state and saves nothing. Make it with `await Store(…, persistence:)`."
    }
    return Self(persistence: persistence, loaded: loaded, refusal: .notWritten("\(kind) loads only with await"))
  }

  /// Gives the warnings through the store's route, and makes what saves its changes.
  func start(storeID: StoreID, warnings: WarningRoute) -> (State, Persister<State>?) {
    for warning in loaded.warnings { warnings.warn(warning(storeID)) }
    let persister = Persister(
      storage: persistence.storage, encode: persistence.codec.encode, storeID: storeID, warnings: warnings,
      refusal: refusal, lastWritten: loaded.stored)
    return (loaded.state, persister)
  }
}
