extension Store {
  /// Creates a store that records its session as `recording` says, and starts its hooks.
  ///
  /// ```swift
  /// let store = Store(initialState: .init(), interactor: interactor, recording: .file("/tmp/search.jsonl"))
  /// ```
  ///
  /// The session (Docs/Sessions.md) holds the initial state, the actions sent from outside, the elements
  /// its hooks took from sequences outside the store, the answers of the interactor's ``Recorded``
  /// dependencies, the store clock's wakes and the state after each change, in the order the store took
  /// them. A test replays it with `replay(session:interactor:)`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - interactor: The feature's behaviour, holding its dependencies.
  ///   - clock: The clock for debounce, throttle and ``StoreActor/sleep(for:)``.
  ///   - debug: Whether this store is logged; see ``DebugLogging``.
  ///   - name: What its log entries, its trace, its warnings and its session call it.
  ///   - recording: ``SessionRecording/file(_:)``, ``SessionRecording/folder(_:)``, ``SessionRecording/off``,
  ///     or ``SessionRecording/environment`` (what a store made without this argument does).
  @inlinable
  public convenience init(
    initialState: I.State, interactor: I, clock: some Clock<Duration> = ContinuousClock(),
    debug: DebugLogging<I> = .default, name: String? = nil, recording: SessionRecording
  ) {
    self.init(
      initialState: initialState, interactor: interactor, clock: clock, debug: debug, name: name,
      starter: .specialised, recording: recording)
  }
}
