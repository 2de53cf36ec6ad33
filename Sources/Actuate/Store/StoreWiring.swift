/// What a store is made with and never changes: its name, its clock, where it runs, how it reaches its
/// state and where its sends go.
///
/// One value, not a dozen properties of the actor: the actor's own fields stay few enough to read at a
/// glance, and none of these is ever written after the store is made, so grouping them costs no access
/// anything: each is a field at a fixed offset.
struct StoreWiring<I: Interactor>: Sendable {
  let storeID: StoreID
  /// What most stores are made without, held by reference: `nil`, 8 bytes, for a store on the continuous
  /// clock, warning to standard error, unwatched, outside a TestStore and with no persistence, where the six
  /// inline would cost it 72. The executor a TestStore owns is read from it at every hop (`StoreActor.owned`).
  let uncommon: StoreUncommon?
  /// A root or a child: last, so that the actor's flags after the wiring sit in its padding.
  let role: StoreRole<I>

  init(
    storeID: StoreID, clock: any Clock<Duration>, warnings: WarningRoute,
    link: (any ChildLink<I>)?,
    childHooks: ChildHooks?, starter: TaskStarter<I>?, persister: Persister<I.State>?, watcher: (any StoreWatcher)?,
    owned: (any OwnedExecutor)?
  ) {
    self.storeID = storeID
    role = link.map(StoreRole.child) ?? .root(starter: starter)
    let otherClock = clock is ContinuousClock ? nil : clock
    if otherClock == nil, warnings.isStandardError, childHooks == nil, persister == nil, watcher == nil, owned == nil {
      uncommon = nil
    } else {
      uncommon = StoreUncommon(
        clock: otherClock, warnings: warnings, childHooks: childHooks, persister: persister, watcher: watcher,
        owned: owned)
    }
  }

  /// The clock the store sleeps on.
  @inline(__always) var clock: any Clock<Duration> { uncommon?.clock ?? ContinuousClock() }
  /// Where the store's warnings go: its debug log, or standard error.
  @inline(__always) var warnings: WarningRoute { uncommon?.warnings ?? WarningRoute() }
  /// The children's hooks a test chose to run; `nil` runs them all. A child store holds its root's.
  @inline(__always) var childHooks: ChildHooks? { uncommon?.childHooks }
  /// Saves the state after each change, for a store made with `persistence:`; `nil` for the others.
  @inline(__always) var persister: Persister<I.State>? {
    // Safe: only `init` sets it, to a `Persister<I.State>`.
    uncommon?.persister.map { unsafeDowncast($0, to: Persister<I.State>.self) }
  }
  /// What watches the store (its debug log), told when the store is asked to stop, so that a normal exit can
  /// wait for the stop to reach the log; `nil` for a store nothing watches.
  @inline(__always) var watcher: (any StoreWatcher)? { uncommon?.watcher }
}

/// The parts of a store's wiring most stores leave at their defaults, held by the wiring only when one is set.
///
/// Not nested in the generic wiring, and not generic itself (the persister is kept as an object and cast
/// back by the wiring): a generic class's fields are found through its metadata, looked up at run time in
/// the store's unspecialised code, and the executor is read from here at every hop.
final class StoreUncommon: Sendable {
  /// A clock other than the continuous one.
  let clock: (any Clock<Duration>)?
  let warnings: WarningRoute
  let childHooks: ChildHooks?
  /// A `Persister` of the store's state.
  let persister: (any AnyObject & Sendable)?
  let watcher: (any StoreWatcher)?
  let owned: (any OwnedExecutor)?

  init(
    clock: (any Clock<Duration>)?, warnings: WarningRoute, childHooks: ChildHooks?,
    persister: (any AnyObject & Sendable)?, watcher: (any StoreWatcher)?, owned: (any OwnedExecutor)?
  ) {
    self.clock = clock
    self.warnings = warnings
    self.childHooks = childHooks
    self.persister = persister
    self.watcher = watcher
    self.owned = owned
  }
}

/// Whether a store is a root, which holds its state and carries out its own sends, or a child, which
/// reaches both through its root: one field, as a store is one or the other.
enum StoreRole<I: Interactor>: Sendable {
  /// A root store, with how it starts its actions' tasks if the public initialiser made it.
  case root(starter: TaskStarter<I>?)
  /// A child store, with its link into the root.
  case child(any ChildLink<I>)
}

/// Where a store's own code is: the stretch it runs and the change it makes, the cleanups running in it,
/// whether it has stopped, and the batch it takes. Written on the hot path of every send: one value the actor
/// holds inline, so reaching a field is an offset, as it was for the actor's own fields.
struct StretchState {
  // Word-sized fields first, then each smaller one where the one before it leaves room, so that an idle
  // store pays for no padding: 48 bytes.

  /// The state before the first write of the current stretch, while anyone listens for changes.
  var openChange: OpenChange?
  /// Reused between drains so that taking a batch allocates nothing.
  var batchBuffer: [IntakeCommand] = []
  /// While code running on the store cancels (a handler, a hook or a cleanup calling ``StoreActor/cancel(id:)``
  /// or another cancel of the store's): the change that code's stretch makes, which the cleanups the cancel
  /// runs join. `nil` while the store cancels of its own accord (a cancel taken from the intake, a newer
  /// action's policy, `stop()`), whose cleanups are changes of their own.
  var cancellingStretch: ChangeOwner?
  /// Above zero while the store itself runs a stretch (a drain, a hook element, a task's end) and will
  /// publish its change after it. Nested only as deep as stretches run inside each other.
  var boundaryDepth: Int32 = 0
  /// The cleanup (``Interactor/onCancel(_:reason:store:)``) running now: its writes land whatever the task
  /// running it, and join the change `StoreActor.change(joinedBy:)` names.
  var cleaning: Cleanup?
  var isStopped = false
  var publishScheduled = false
  /// Counts what the store has done (commands taken, changes published, hook elements, tasks ended), so a
  /// test can tell when a round trip through the store found nothing new to do: it compares two counts, so
  /// the count may wrap.
  var activity: UInt32 = 0
}
