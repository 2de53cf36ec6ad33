/// A feature's store, as the code outside the feature holds it: send actions, read and observe state.
///
/// ```swift
/// let store = Store(initialState: .init(), interactor: SearchInteractor(search: api.search))
/// store.send(.queryChanged("tabby"))       // ordered, returns at once
/// await store.send(.search).finish()       // waits for the handler
/// let results = await store.state.results
/// for await query in store.values(\.query) { … }
/// ```
///
/// The state lives in a ``StoreActor``, which runs the handlers and hooks. When the last reference to the
/// `Store` goes away, or ``stop()`` is called, every task and hook is cancelled and no more actions are
/// handled.
public final class Store<I: Interactor>: Sendable {
  /// The actor the handlers and hooks run on.
  @usableFromInline package let actor: StoreActor<I>

  /// The store every initialiser makes (see `Store+DebugLog` for the public ones): `watching` makes its
  /// watcher, if anything watches it, from its id; `made` is given the actor before the store starts.
  init(
    initialState state: I.State, interactor: I, clock: any Clock<Duration>, hooks: [I.Hook],
    observers: [StoreObserver<I>],
    watching: (StoreID) -> (any StoreWatcher)?, childHooks: ChildHooks?, starter: TaskStarter<I>?, name: String? = nil,
    executor: (any OwnedExecutor)? = nil, persistence: PersistenceStart<I.State>? = nil,
    made: ((StoreActor<I>) -> Void)? = nil
  ) {
    let storeID = StoreID(type: String(describing: I.self), given: name)
    // Off, nothing is attached, so the store never tells a log anything.
    let watcher = watching(storeID)
    var warnings = WarningRoute()
    if let watcher, watcher.takesWarnings {
      warnings = WarningRoute { message in watcher.event(StoreEvent<I>.warning(message)) }
    }
    // Loaded before the store exists, so its hooks and first action see the saved state.
    let (state, persister) = persistence?.start(storeID: storeID, warnings: warnings) ?? (state, nil)
    actor = StoreActor(
      initialState: state, interactor: interactor, clock: clock, hooks: hooks, observers: observers,
      childHooks: childHooks,
      starter: starter, storeID: storeID, warnings: warnings, watcher: watcher, executor: executor,
      persister: persister)
    actor.home.attach(actor)
    // Before the store starts: a session's recorder or replayer then sees its hooks' first elements.
    made?(actor)
    // Starting does something only for a store with a watcher, an observer, a hook or children to start.
    // Any other store takes no start command, so making one starts no task and leaves no batch behind: a
    // process can hold many idle stores.
    if watcher != nil || persister != nil || !observers.isEmpty || !hooks.isEmpty || actor.hasChildren,
      actor.intake.enqueue(.start(watcher))
    {
      actor.scheduleDrainFromOutside()
    }
  }

  deinit {
    actor.home.detach()
    actor.wiring.watcher?.stopRequested()
    actor.wiring.persister?.stopRequested()
    actor.stopFromOutside(.released)
  }

  /// Names this store in logs and warnings: `SearchInteractor#3`.
  public var storeID: StoreID { actor.storeID }

  /// Sends an action. Returns at once, from any thread, without `await`.
  ///
  /// Actions sent from one task start their handlers in the order sent. After ``stop()``, the action is not
  /// handled: the returned task's outcome is `.rejected` and a warning names the store and the action.
  @discardableResult @inlinable
  public func send(_ action: I.PublicAction) -> ActionTask {
    actor.sendFromOutside(actor.interactor.action(from: action))
  }

  /// Sends an action and waits until its handler has returned, or the action was cancelled or rejected:
  /// what `await store.send(action).finish()` does, at a fraction of the cost.
  ///
  /// ```swift
  /// let outcome = await store.sendAndWait(.save)   // .completed, .cancelled(reason) or .rejected
  /// ```
  ///
  /// The calling task carries the action onto the store and takes it there, with every action sent before
  /// it (from this task or any other), in order, instead of leaving that to a job of the store's own: a
  /// handler that never suspends then runs without another thread being woken. The handler still runs in a
  /// task of its own, under its policy, so cancelling the calling task does not cancel the action (send an
  /// action whose handler cancels it, for that), and cancelling the action never cancels the calling task.
  @discardableResult @inlinable
  public func sendAndWait(_ action: I.PublicAction) async -> ActionOutcome {
    await actor.sendAndWaitFromOutside(actor.interactor.action(from: action))
  }

  /// Sends an action, waits as ``sendAndWait(_:)`` does, and reads the state the action left, in the same
  /// step as its end: no other action's change can come between the end and the read.
  ///
  /// ```swift
  /// let (outcome, cart) = await store.sendAndWait(.add(item)) { CartView($0) }
  /// ```
  ///
  /// "The state the action left" is the state at the moment its handler returned, or the action was
  /// cancelled before it started or refused: with its own writes, and with those of every action that ran
  /// while it was suspended, but none made after it ended. A read with `store.state` after `sendAndWait`
  /// is a second step, which may already show another caller's change.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - read: Reads what the caller needs of the state; it runs on the store, so keep it short.
  /// - Returns: The action's outcome, and what `read` returned.
  public func sendAndWait<Value: Sendable>(
    _ action: I.PublicAction, reading read: @escaping @Sendable (I.State) -> Value
  ) async -> (outcome: ActionOutcome, value: Value) {
    await actor.sendAndWaitFromOutside(actor.interactor.action(from: action), reading: read)
  }

  /// The current state.
  public var state: I.State {
    get async { await actor.state }
  }

  /// The values of one property of the state: the current value first, then each distinct value.
  public func values<Value: Equatable & Sendable>(_ keyPath: KeyPath<I.State, Value> & Sendable) -> StoreValues<Value> {
    actor.values(keyPath)
  }

  /// The whole state: the current value first, then the state after each change.
  public var states: StoreValues<I.State> { actor.states }

  /// Cancels everything that runs or waits under `id`, after the actions sent before this call are taken.
  /// Package API for tests and benchmarks: outside code sends an action whose handler cancels, so that
  /// `cancel` on a store always means "now, inside the store".
  package func cancel(id: some Hashable & Sendable) {
    actor.cancelFromOutside(id: CancelID(id))
  }

  /// Stops the store: cancels every task and hook, ends every ``StoreValues`` sequence, and rejects later
  /// sends. Actions sent before `stop()` that have not started are cancelled. Calling it again does nothing.
  public func stop() {
    actor.wiring.watcher?.stopRequested()
    actor.wiring.persister?.stopRequested()
    actor.stopFromOutside(.stopped)
  }

  /// Returns once the store has finished the code it is running now, so that what it has told its watcher
  /// so far includes the end of an action whose ``ActionTask/finish()`` just returned.
  func finishCurrentStretch() async {
    await actor.finishCurrentStretch()
  }
}

extension Store {
  /// Waits until the store is idle: everything sent to it so far has been taken, and every handler it has
  /// started has returned or sleeps on the store's clock.
  ///
  /// ```swift
  /// store.send(.refresh)
  /// await store.waitUntilIdle()     // the refresh has run, up to its next sleep on the clock
  /// let items = await store.state.items
  /// ```
  ///
  /// For tools, and tests that use a plain `Store`. It also waits for hooks on the store's own state to
  /// react to the changes so far (a hook that sleeps on the clock while it reacts counts as idle), and for
  /// the actions those reactions send.
  ///
  /// It does not wait for:
  /// - tasks sleeping on a clock: a delay (``StoreActor/sleep(for:)``), a debounce or a throttle window,
  ///   or any sleep on a `TestClock`, including a dependency's own. Advance a `TestClock` to move them;
  ///   under a real clock they go on once their time has come, after this returns. A dependency that
  ///   sleeps on a real clock of its own, not the store's, counts as running.
  /// - hooks awaiting the next element of their sequence: what comes from outside comes when it comes.
  /// - tasks a handler starts on its own (`Task { … }`): the store does not know them.
  ///
  /// A handler that awaits something that never comes keeps this waiting: cancel the calling task to stop
  /// waiting (it then returns at once, idle or not). So does a handler of this store that calls it: it is
  /// itself still running. Nothing is asked of the store while nobody waits, so
  /// sending costs the same whether or not anyone ever calls this.
  public func waitUntilIdle() async {
    await actor.waitUntilIdle()
  }
}
