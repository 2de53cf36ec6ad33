/// The store's observers, with their emptiness stored: the store asks on every write and every action, and
/// asking an array of closures over a generic event type looks up the array's type metadata each time.
///
/// A watcher is told apart from the other observers: it is told the life of each action and each change
/// through the non-generic ``StoreWatcher``, so a watched store builds no events for it (see
/// the extension below).
///
/// The observers themselves are held by reference, and only when there are any: most stores are observed by
/// nobody, and the list, the watcher and the two flags inline would cost each of them 32 bytes, where the
/// reference costs 8, and whether anyone observes is a pointer test.
struct Observers<I: Interactor>: Sequence {
  private var everyone: Everyone?

  /// Whether nobody observes: no observer and no watcher.
  var isEmpty: Bool { everyone == nil }
  /// Whether there is an observer other than the watcher, which needs every event built.
  var hasListeners: Bool { everyone?.hasListeners ?? false }

  /// The observers, once there are any. Never changed in place: a value of `Observers` keeps the ones it had.
  private final class Everyone {
    let list: [StoreObserver<I>]
    let watcher: (any StoreWatcher)?
    /// `!list.isEmpty`, stored: asked of every event, it looks up no array type.
    let hasListeners: Bool

    init(list: [StoreObserver<I>], watcher: (any StoreWatcher)?) {
      self.list = list
      self.watcher = watcher
      hasListeners = !list.isEmpty
    }
  }

  init(_ list: [StoreObserver<I>]) {
    everyone = list.isEmpty ? nil : Everyone(list: list, watcher: nil)
  }

  /// The store's watcher, if it has one.
  var watcher: (any StoreWatcher)? { everyone?.watcher }

  /// Attaches the store's watcher.
  mutating func attach(_ watcher: any StoreWatcher) {
    everyone = Everyone(list: everyone?.list ?? [], watcher: watcher)
  }

  /// How many observe, the watcher counted as one.
  var count: Int { (everyone?.list.count ?? 0) + (watcher == nil ? 0 : 1) }

  func makeIterator() -> IndexingIterator<[StoreObserver<I>]> {
    (everyone?.list ?? []).makeIterator()
  }
}

extension StoreActor {
  // The events of an action's life. A watcher is told them through its non-generic interface, with the
  // action's record; only other observers (a TestStore) need the events built, each out of line
  // (HowItWorks.md, "Unspecialised code").

  func emitTaken(_ record: ActionRecord<I>) {
    observers.watcher?.actionTaken(WatchedTask(record))
    if observers.hasListeners { emitTakenEvent(record) }
  }

  /// Returns when the handler started, for the duration the end reports.
  func emitStarted(_ record: ActionRecord<I>) -> Duration {
    let now = StartedAt.now
    observers.watcher?.handlerStarted(WatchedTask(record))
    if observers.hasListeners { emitStartedEvent(record) }
    return now
  }

  func emitCancelled(_ record: ActionRecord<I>, reason: CancellationReason) {
    observers.watcher?.actionCancelled(WatchedTask(record), reason: reason)
    if observers.hasListeners { emitCancelledEvent(record, reason: reason) }
  }

  func emitEnded(_ record: ActionRecord<I>, startedAt: Duration?) {
    let duration = startedAt.map { StartedAt.now - $0 }
    let outcome = record.endingOutcome
    observers.watcher?.actionEnded(WatchedTask(record), outcome: outcome, duration: duration)
    if observers.hasListeners { emitEndedEvent(record, outcome: outcome, duration: duration) }
  }

  @inline(never)
  private func emitTakenEvent(_ record: ActionRecord<I>) {
    emitToListeners(.actionTaken(record.action, task: record.number, sender: record.sender))
  }

  @inline(never)
  private func emitStartedEvent(_ record: ActionRecord<I>) {
    emitToListeners(.actionStarted(record.action, task: record.number))
  }

  @inline(never)
  private func emitCancelledEvent(_ record: ActionRecord<I>, reason: CancellationReason) {
    emitToListeners(.actionCancelled(record.action, task: record.number, reason: reason))
  }

  @inline(never)
  private func emitEndedEvent(_ record: ActionRecord<I>, outcome: ActionOutcome, duration: Duration?) {
    emitToListeners(.actionEnded(record.action, task: record.number, outcome: outcome, duration: duration))
  }

  /// Tells a published change to the watcher, boxed with the new state if it wants it, and to the other
  /// observers as an event.
  @inline(never)
  func emitChanged(_ change: OpenChange) {
    if let watcher = observers.watcher, watcher.wantsChange(madeBy: stretchTask(of: change)) {
      watcher.changed(WatchedStates<I>(change: change, new: current, owner: ObjectIdentifier(self)))
    }
    if observers.hasListeners {
      emitToListeners(.stateChanged(old: Self.old(of: change), new: current, cause: cause(of: change)))
    }
  }

  /// The task of this store whose stretch made `change`, unless it is a cleanup's change of its own.
  private func stretchTask(of change: OpenChange) -> WatchedTask? {
    guard change.cleanup == nil, let cause = change.cause, cause.owner == ObjectIdentifier(self) else { return nil }
    return WatchedTask(cause)
  }

  /// Tells any event to every observer and the watcher.
  func emit(_ event: StoreEvent<I>) {
    emitToListeners(event)
    observers.watcher?.event(event)
  }

  func emitToListeners(_ event: StoreEvent<I>) {
    for observer in observers { observer(storeID, event) }
  }

  /// Does nothing, on the store: awaiting it waits for the store's current stretch of code to end, as a
  /// watcher does before it reads what it was told.
  func finishCurrentStretch() {}

  // MARK: A missing transition

  /// Reports an action that has no transition from the current phase: an event for the debug log and the
  /// TestStore, and a warning unless the table has its own handler.
  func reportMissingTransition(_ action: I.Action, phase: String, handled: Bool) {
    if !observers.isEmpty { emit(.transitionMissing(action, phase: phase, handled: handled)) }
    if !handled {
      warnings.warn(
        "\(storeID) has no transition for \(describe(action)) from \(phase); the action changed nothing. Add a row for it, or pass onMissing: to handle it."
      )
    }
  }
}
