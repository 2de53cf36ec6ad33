extension Store {
  /// Creates a store whose state persists: it starts from the state saved last, and saves its changes.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Editor.State(), interactor: Editor(), persistence: .file(url, persisting: \.draft))
  /// ```
  ///
  /// The state is read from the file before this returns, so the hooks and the first action see it. State
  /// that cannot be used is set aside, with a warning, and the store starts from `initialState`. Only a
  /// ``FileStorage`` loads without `await`; with another storage, make the store with `await`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with, and what the saved part of it replaces.
  ///   - interactor: The feature's behaviour, holding its dependencies.
  ///   - clock: The clock for debounce, throttle and ``StoreActor/sleep(for:)``.
  ///   - debug: Whether this store is logged. See ``DebugLogging``.
  ///   - name: What its log entries and warnings call it.
  ///   - persistence: What of the state persists, and where. See ``Persistence``.
  @inlinable
  public convenience init(
    initialState: I.State, interactor: I, clock: some Clock<Duration> = ContinuousClock(),
    debug: DebugLogging<I> = .default, name: String? = nil, persistence: Persistence<I.State>
  ) {
    self.init(
      initialState: initialState, interactor: interactor, clock: clock, debug: debug, name: name,
      starter: .specialised, persistence: .loadingNow(persistence, startingFrom: initialState))
  }

  /// Creates a store whose state persists, awaiting its storage's load: the initialiser for a storage of
  /// your own, such as a database. The parameters are those of the initialiser without `await`.
  ///
  /// ```swift
  /// let store = await Store(
  ///   initialState: Cart.State(), interactor: Cart(), persistence: Persistence(storage: rows, persisting: \.items))
  /// ```
  @inlinable
  public convenience init(
    initialState: I.State, interactor: I, clock: some Clock<Duration> = ContinuousClock(),
    debug: DebugLogging<I> = .default, name: String? = nil, persistence: Persistence<I.State>
  ) async {
    let start = await PersistenceStart.loading(persistence, startingFrom: initialState)
    self.init(
      initialState: initialState, interactor: interactor, clock: clock, debug: debug, name: name,
      starter: .specialised, persistence: start)
  }

  /// The public initialisers' persisted store, starting its actions' tasks with `starter`.
  @usableFromInline
  convenience init(
    initialState state: I.State, interactor: I, clock: any Clock<Duration>, debug: DebugLogging<I>, name: String?,
    starter: TaskStarter<I>?, persistence: PersistenceStart<I.State>
  ) {
    self.init(
      initialState: state, interactor: interactor, clock: clock, hooks: Array(I.Hook.allCases), observers: [],
      watching: { debug.watcher(for: $0) }, childHooks: nil, starter: starter, name: name, persistence: persistence)
  }

  /// Waits until the state the store holds now is durable in its storage: every change made before this
  /// call, and so the change of an action whose ``sendAndWait(_:)`` returned.
  ///
  /// ```swift
  /// await store.sendAndWait(.add(item))
  /// try await store.waitUntilSaved()      // the add is saved: acknowledge it
  /// ```
  ///
  /// A save that took a newer state covers this one. If the save that would have covered it failed, it is
  /// tried once more, and this throws the storage's error if that fails too; it also throws
  /// ``PersistenceError/redactedValue(at:)`` for a state that holds a ``Redacted`` value, and
  /// `CancellationError` when the calling task is cancelled. A store made without persistence returns at
  /// once.
  public func waitUntilSaved() async throws {
    guard let persister = actor.wiring.persister else { return }
    let generation = await actor.generationToSave(persister)
    try await persister.waitUntilSaved(through: generation)
  }
}
