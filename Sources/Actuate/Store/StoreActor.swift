/// The actor a store's handlers and hooks run on: it owns the state, and everything that touches the state
/// is isolated to it.
///
/// Handlers and hooks receive it as `store: isolated StoreActor<Self>` and use it directly:
///
/// ```swift
/// func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
///   store.isLoading = true                      // a write, part of this stretch's change
///   let items = try? await service.load()       // a suspension ends the stretch
///   store.items = items ?? []                   // dropped if this task was cancelled meanwhile
///   store.isLoading = false
///   store.send(.loaded)                         // queued behind everything sent before it
/// }
/// ```
///
/// Outside code holds a ``Store`` instead; when the last ``Store`` reference goes away, the actor stops
/// every task and hook and is released once they have ended.
@dynamicMemberLookup
public final actor StoreActor<I: Interactor>: TaskOwner {
  /// The state. Only ever touched on the store's executor; `nonisolated(unsafe)` so a child store's link,
  /// which runs on the same executor, can write into it in place.
  @usableFromInline nonisolated(unsafe) var current: I.State
  @usableFromInline package nonisolated let interactor: I
  @usableFromInline nonisolated let intake: Intake<I>
  /// What the store was made with and never changes: who it is, where it runs, how it reaches its state.
  nonisolated let wiring: StoreWiring<I>
  /// `link != nil`, asked on every read and write without a look-up of the link's existential type. (After
  /// `wiring`, in the padding at its end.)
  @usableFromInline nonisolated let isChild: Bool
  /// Whether the interactor declares children: `children != nil`, asked on every write and action without
  /// a look-up of the table's generic type. (Beside `isChild`, in the same padding.)
  nonisolated let hasChildren: Bool
  /// The children running inside this store, `nil` when the interactor declares none.
  var children: ChildTable<I>?
  /// The hooks to start, then the tasks running them.
  var hooks: StoreHooks<I>
  // The bookkeeping below (`@exclusivity(unchecked)`) is touched only by the store's own code, in accesses
  // that never overlap: the dynamic exclusivity check each access would make is skipped on the hot path.
  // The state itself (`current`) keeps its check.
  /// Decides when each action starts, waits, is dropped or is cancelled; the store carries it out.
  @exclusivity(unchecked) var scheduler = Scheduler()
  /// Where the store's own code is: the stretch it runs, its change, its cleanups, its batch.
  @exclusivity(unchecked) var stretch = StretchState()
  /// Asked on every write and every action's end, with whether anyone listens (`isObserved`).
  @exclusivity(unchecked) var observers: Observers<I>
  @exclusivity(unchecked) var subscribers = Subscribers<I.State>()

  /// The state before the open change's first write; only while a change is open.
  var stateBeforeChange: I.State { Self.old(of: stretch.openChange!) }

  /// The state before `change`'s first write: every open change of this store holds its state.
  static func old(of change: OpenChange) -> I.State {
    unsafeDowncast(change, to: OpenStateChange<I.State>.self).old
  }

  init(
    initialState state: I.State, interactor: I, clock: any Clock<Duration>, hooks: [I.Hook],
    observers: [StoreObserver<I>], childHooks: ChildHooks? = nil, starter: TaskStarter<I>? = nil, storeID: StoreID,
    warnings: WarningRoute = WarningRoute(), watcher: (any StoreWatcher)? = nil,
    executor owned: (any OwnedExecutor)? = nil,
    persister: Persister<I.State>? = nil
  ) {
    self.current = state
    self.interactor = interactor
    self.hooks = .toStart(hooks)
    self.observers = Observers(observers)
    self.isChild = false
    let children = ChildTable(interactor.children)
    self.children = children
    self.hasChildren = children != nil
    self.intake = Intake(home: RecordHome())
    self.wiring = StoreWiring(
      storeID: storeID, clock: clock, warnings: warnings, link: nil, childHooks: childHooks,
      starter: starter, persister: persister, watcher: watcher, owned: owned)
  }

  /// A child store: it runs on its root's executor and reaches its state through `link`.
  init(
    child interactor: I, link: any ChildLink<I>, clock: any Clock<Duration>, hooks: ChildHooks?,
    executor owned: (any OwnedExecutor)?
  ) {
    self.current = link.state
    self.interactor = interactor
    self.hooks = .toStart(hooks.map { hooks in I.Hook.allCases.filter(hooks.allows) } ?? Array(I.Hook.allCases))
    self.observers = Observers([])
    self.isChild = true
    self.intake = Intake(home: link.home)
    let children = ChildTable(interactor.children)
    self.children = children
    self.hasChildren = children != nil
    self.wiring = StoreWiring(
      storeID: StoreID(type: link.name), clock: clock, warnings: WarningRoute(), link: link,
      childHooks: hooks, starter: nil, persister: nil, watcher: nil, owned: owned)
  }

  // MARK: Wiring and stretch, by name

  /// Names this store in logs and warnings. (Not `id`: members of the store shadow state properties of the
  /// same name, and `id` is a common one.)
  public nonisolated var storeID: StoreID { wiring.storeID }
  /// The store's clock: debounce, throttle and ``sleep(for:)`` run on it, and a TestStore controls it.
  nonisolated var clock: any Clock<Duration> { wiring.clock }
  /// Where this store's warnings go: its debug log, or standard error.
  nonisolated var warnings: WarningRoute { wiring.warnings }
  /// What this store's task records share, and the executor it runs on; a child store's are its root's, so
  /// that parent and children share one serial executor and a child's handler reaches the root's state
  /// without a hop. Kept once, in the intake, which is a view of it.
  package nonisolated var home: RecordHome { intake.home }
  /// Values handed to hooks that are still reacting to them.
  nonisolated var deliveries: DeliveryTracker { intake.home.deliveries }
  /// The executor a TestStore owns, which the store runs on instead of its home's own; `nil` for a store of
  /// its own.
  nonisolated var owned: (any OwnedExecutor)? { wiring.uncommon?.owned }
  /// For a child store, how it reaches its state, which lives in the root's. `nil` for a root.
  nonisolated var link: (any ChildLink<I>)? {
    if case .child(let link) = wiring.role { return link }
    return nil
  }
  /// Where this store's sends, cancels and hook reports go. Each use for a root makes its `OwnRoute` an
  /// existential, which looks the route's generic type up: what a root does at every send, cancel or hook
  /// element calls its `OwnRoute` directly instead.
  nonisolated var route: any StoreRoute<I> {
    if let link { return link }
    return OwnRoute<I>()
  }
  /// The tasks running the store's hooks, once they have started.
  var hookTasks: [Task<Void, Never>] { hooks.tasks }
  /// The children's hooks a test chose to run; `nil` runs them all. A child store holds its root's.
  nonisolated var childHooks: ChildHooks? { wiring.childHooks }
  /// How a root store made by the public initialiser starts its actions' tasks; `nil` for the others.
  nonisolated var starter: TaskStarter<I>? {
    if case .root(let starter) = wiring.role { return starter }
    return nil
  }

  /// The executor the store runs on. Not API: it is public only because `Actor` requires it, and what it
  /// returns may change.
  ///
  /// Read from the wiring and the home at every hop, not kept in the store, which it would cost 16 bytes:
  /// two loads and a branch, written out here so that a hop makes no call into another file.
  @_spi(ActuateInternals) public nonisolated var unownedExecutor: UnownedSerialExecutor {
    if let owned { return owned.asUnownedSerialExecutor() }
    return intake.home.unownedExecutor
  }

  // MARK: State

  // The accessors below are inlinable so that a handler's `store.count += 1`, compiled in the client's
  // module, is specialised there: the key path becomes a direct access to the field, where unspecialised
  // code would walk it at run time. Only a root store's landing write takes the inlined path; a child's
  // write and a dropped one go through `subscript(elsewhere:)`, out of line.

  /// The whole state. Reading it is free; writing it is a write like any other.
  @inlinable
  public var state: I.State {
    get { isChild ? childState : current }
    _modify {
      if isChild || !beginWrite() {
        yield &self[elsewhere: \I.State.self]
      } else {
        yield &current
      }
    }
  }

  /// Reads and writes one property of the state: `store.query = "tabby"`.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<I.State, Value>) -> Value {
    get { isChild ? childState[keyPath: keyPath] : current[keyPath: keyPath] }
    _modify {
      if isChild || !beginWrite() {
        yield &self[elsewhere: keyPath]
      } else {
        yield &current[keyPath: keyPath]
      }
    }
  }

  /// Reads one property of the state through a read-only key path.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<I.State, Value>) -> Value {
    isChild ? childState[keyPath: keyPath] : current[keyPath: keyPath]
  }

  /// A child store's state, which lives in its root's.
  @usableFromInline
  var childState: I.State { link!.state }

  /// A write that does not land in this store's own state: a child's, in place in its root's state, or one
  /// that is dropped (its task was cancelled, or the store has stopped).
  @usableFromInline
  subscript<Value>(elsewhere keyPath: WritableKeyPath<I.State, Value>) -> Value {
    get { isChild ? childState[keyPath: keyPath] : current[keyPath: keyPath] }
    _modify {
      if isChild {
        yield &link![keyPath]
      } else {
        var discarded = current[keyPath: keyPath]
        yield &discarded
        dropWrite(path: keyPath == \I.State.self ? "state" : "\(keyPath)")
      }
    }
  }

  // MARK: Cancellation

  /// Cancels everything that runs or waits under `id`: running handlers cooperatively, queued and debounced
  /// actions before they start, and an open throttle window. Cancelling an id with no work does nothing.
  ///
  /// Work already running is cancelled at once, and its ``Interactor/onCancel(_:reason:store:)`` runs right
  /// here, before this returns. The cleanup's writes are part of the current stretch's change: what the
  /// stretch wrote before the cancel, the cleanup's writes and what it writes after are one change, caused
  /// by the code that called this. Actions this code sent before this call that the store has not taken
  /// yet are cancelled as it takes them, before their handlers start: those handlers never run. Actions
  /// sent after this call are not affected, nor are those that other code sent after the action whose
  /// handler calls this and the store has not taken yet: they come after it in the order of sends.
  ///
  /// Every `cancel…` on the store acts at once; ``ActionTask/cancel()`` is the queued one. Outside code
  /// cancels by sending an action whose handler calls this, so the cleanups join that action's change.
  public func cancel(id: some Hashable & Sendable) {
    // A root calls its `OwnRoute` directly (see `send(_:)`).
    let id = CancelID(id)
    if isChild { return route.cancel(id: id, from: self) }
    OwnRoute<I>().cancel(id: id, from: self)
  }

  /// Cancels everything that runs or waits under every identifier of type `ID` for which `isMatch` is true,
  /// as ``cancel(id:)`` does for one.
  ///
  /// ```swift
  /// store.cancel(ids: DownloadID.self, where: { $0.folder == folder })
  /// ```
  ///
  /// The test is asked about the identifiers the store holds work under now, and about those of the
  /// actions this code sent before the cancel that the store has not taken yet (those never start).
  /// Identifiers of another type never match, nor do a child's, unless this is the child's store.
  public func cancel<ID: Hashable & Sendable>(ids type: ID.Type, where isMatch: @escaping @Sendable (ID) -> Bool) {
    let matches = CancelID.matching(type, isMatch)
    if isChild { return route.cancel(matching: matches, from: self) }
    OwnRoute<I>().cancel(matching: matches, from: self)
  }

  /// Cancels the work under `id` now, and the actions under it not taken yet as the store takes them: a
  /// cancel made by code in its stretch (this store's, or a child's through its link).
  func cancelWork(under id: CancelID) {
    cancelInStretch { carryOut(scheduler.cancel(id: id, reason: .explicit)) }
    if intake.enqueue(.cancelSends(sender: runningSenderNumber, .id(id))) { scheduleDrain() }
  }

  /// Cancels the work under every matching identifier, as ``cancelWork(under:)`` does for one.
  func cancelWork(matching matches: @escaping @Sendable (CancelID) -> Bool) {
    cancelInStretch { carryOut(scheduler.cancel(matching: matches, reason: .explicit)) }
    if intake.enqueue(.cancelSends(sender: runningSenderNumber, .matching(matches))) { scheduleDrain() }
  }

  /// The number the running code's sends carry (`TaskRecord.senderNumber`): its task record's, or zero for
  /// code that runs for no task of this store.
  var runningSenderNumber: UInt64 {
    guard let context = TaskContext.current, context.owner == ObjectIdentifier(self) else { return 0 }
    return context.number
  }

  // MARK: Time

  /// Sleeps for `duration` on the store's clock; throws `CancellationError` if the task is cancelled.
  ///
  /// Use this for delays in handlers and hooks, so that tests control them with a `TestClock`.
  public func sleep(for duration: Duration) async throws {
    if let sleeper = clock as? any StoreSleeper {
      try await sleeper.sleep(for: duration, isolation: self)
    } else {
      // A task sleeping on the store's clock leaves the store idle (see `Store.waitUntilIdle()`). A
      // `StoreSleeper` (a test clock) says so itself, for sleeps that bypass the store too.
      let sleeper = TaskContext.current.map(ObjectIdentifier.init)
      if let sleeper { home.deliveries.park(sleeper) }
      defer { if let sleeper { home.deliveries.unpark(sleeper) } }
      try await clock.sleep(for: duration)
    }
  }

  /// Ticks every `interval` on the store's clock, for timers in hooks.
  public nonisolated func timer(every interval: Duration) -> StoreTicks {
    StoreTicks(interval: max(interval, .zero)) { _, duration in try await self.sleep(for: duration) }
  }
}
