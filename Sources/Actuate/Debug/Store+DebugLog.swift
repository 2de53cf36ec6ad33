extension Store {
  /// Creates a store and starts its hooks.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - interactor: The feature's behaviour, holding its dependencies.
  ///   - clock: The clock for debounce, throttle and ``StoreActor/sleep(for:)``; a test passes a `TestClock`.
  ///   - debug: Whether this store is logged: as ``DebugLog/global`` says (the default), `.off`, or
  ///     `.using(_:actions:)` a debug log of its own. See ``DebugLogging``.
  ///   - name: What its log entries, its trace and its warnings call it, such as `"cart alice"`; by default
  ///     its interactor's type and a number, such as `CartInteractor#7`. Give stores that live side by side
  ///     names of their own, so their entries tell them apart.
  @inlinable
  public convenience init(
    initialState: I.State, interactor: I, clock: some Clock<Duration> = ContinuousClock(),
    debug: DebugLogging<I> = .default, name: String? = nil
  ) {
    self.init(
      initialState: initialState, interactor: interactor, clock: clock, debug: debug, name: name, starter: .specialised)
  }

  /// The public initialiser's store, which starts its actions' tasks with `starter`: inlined into the
  /// client's module, the initialiser makes that starter there, specialised for the interactor
  /// (HowItWorks.md, "Unspecialised code").
  ///
  /// A store that records its session (``SessionRecording``) gets its recorder as an observer and a clock
  /// that records its wakes; any other store gets neither, and pays nothing.
  @usableFromInline
  convenience init(
    initialState state: I.State, interactor: I, clock: any Clock<Duration>, debug: DebugLogging<I>, name: String?,
    starter: TaskStarter<I>?, recording: SessionRecording = .environment
  ) {
    let recorder = recording.recorder(for: I.self, name: name)
    self.init(
      initialState: state, interactor: interactor, clock: recorder?.recording(clock) ?? clock,
      hooks: Array(I.Hook.allCases), observers: recorder.map { [$0.observer] } ?? [],
      watching: { debug.watcher(for: $0) }, childHooks: nil, starter: starter, name: name,
      made: { recorder?.attach(to: ObjectIdentifier($0)) })
  }

  package convenience init(
    initialState state: I.State, interactor: I, clock: any Clock<Duration>, hooks: [I.Hook],
    observers: [StoreObserver<I>], debug: DebugLogging<I> = .default, childHooks: ChildHooks? = nil,
    executor: (any OwnedExecutor)? = nil, made: ((StoreActor<I>) -> Void)? = nil
  ) {
    self.init(
      initialState: state, interactor: interactor, clock: clock, hooks: hooks, observers: observers,
      watching: { debug.watcher(for: $0) }, childHooks: childHooks, starter: nil, executor: executor, made: made)
  }

  /// Waits until everything this store has done so far is in the debug log's sinks.
  ///
  /// Unlike ``DebugLog/flush()`` alone, it first waits for the store to finish the code it is running
  /// right now, so that the entries of an action whose ``ActionTask/finish()`` just returned are included.
  public func flushDebugLog() async {
    await finishCurrentStretch()
    await DebugLog.flush()
  }
}
