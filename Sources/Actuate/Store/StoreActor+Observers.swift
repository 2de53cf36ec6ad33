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

  // MARK: Subscribers

  /// The values of one property of the state: the current value first, then each distinct value.
  public nonisolated func values<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<I.State, Value> & Sendable
  ) -> StoreValues<Value> {
    StoreValues(
      subscribe: subscription { store, isolation in
        await store.subscribe({ $0[keyPath: keyPath] }, isDuplicate: ==, from: isolation)
      })
  }

  /// The whole state: the current value first, then the state after each change (each distinct change,
  /// when the state is `Equatable`).
  public nonisolated var states: StoreValues<I.State> {
    let isDuplicate = EquatableValues.comparator(for: I.State.self)
    return StoreValues(
      subscribe: subscription { store, isolation in
        await store.subscribe({ $0 }, isDuplicate: isDuplicate, from: isolation)
      })
  }

  /// How a sequence of this store's values subscribes, without holding the store: a root store is reached
  /// through its `Store`, held weakly by the records' home, so a sequence or iterator kept after the `Store`
  /// is gone keeps neither the actor nor the interactor alive, and one made then ends at once. (Not a weak
  /// reference to the actor itself, which would slow every retain of it.) A child store lives only as long
  /// as its root runs it, and is held as before.
  private nonisolated func subscription<Value>(
    _ subscribe: @escaping @Sendable (StoreActor<I>, isolated (any Actor)?) async -> SubscriberBuffer<Value>
  ) -> @Sendable (isolated (any Actor)?) async -> SubscriberBuffer<Value> {
    if isChild { return { isolation in await subscribe(self, isolation) } }
    let home = self.home
    return { isolation in
      guard let store = home.store as? StoreActor<I> else { return SubscriberBuffer.finished() }
      return await subscribe(store, isolation)
    }
  }

  /// Registers a subscriber: its buffer starts with the current value and then gets every distinct one.
  func subscribe<Value: Sendable>(
    _ extract: @escaping @Sendable (I.State) -> Value,
    isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    from isolation: (any Actor)?
  ) -> SubscriberBuffer<Value> {
    let isHook = (isolation as AnyObject?) === self
    // A hook subscribes from its own task, whose record the tracker counts the hook's deliveries by.
    let consumer = isHook ? TaskContext.current : nil
    (consumer as? HookRecord<I>)?.takesStoreValues = true
    let buffer = SubscriberBuffer<Value>(tracking: consumer.map { (deliveries, $0) })
    subscribe(extract, isDuplicate: isDuplicate, push: buffer.push, finish: buffer.finish)
    return buffer
  }

  /// Hands `push` the current value at once, then each distinct value after a change, until `push` returns
  /// `false` (its consumer has gone); a stopped store calls `finish` instead, and so does a stop later.
  func subscribe<Value>(
    _ extract: @escaping (I.State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool,
    push: @escaping (Value) -> Bool, finish: @escaping () -> Void
  ) {
    var last = extract(state)
    _ = push(last)
    guard !stretch.isStopped else { return finish() }
    subscribers.add(
      publish: { state in
        let value = extract(state)
        if isDuplicate(last, value) { return true }
        last = value
        return push(value)
      },
      finish: finish
    )
  }

  /// Whether any subscription is live: how a test sees that one whose consumer went away was forgotten.
  var hasSubscribers: Bool { !subscribers.isEmpty }

  // MARK: A view store's feed

  /// Feeds `feed` every distinct state from now on, starting with the current one; attaching it again does
  /// nothing. A stopped store hands it its last state and finishes it.
  func attach(_ feed: StateFeed<I.State>) {
    guard feed.attach() else { return }
    subscribe(
      { $0 }, isDuplicate: EquatableValues.comparator(for: I.State.self), push: feed.push, finish: feed.finish)
  }

  /// Attaches `feed` and takes the state it starts with: the store's as of now.
  func stateAttaching(_ feed: StateFeed<I.State>) -> I.State {
    attach(feed)
    return feed.take() ?? state
  }

  /// Attaches `feed` if it is not yet, and publishes the writes of a stretch that has ended but whose
  /// change is still waiting to be published, so that `feed` holds the store's state as of now.
  func catchUp(_ feed: StateFeed<I.State>) {
    attach(feed)
    publishChange()
  }

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
