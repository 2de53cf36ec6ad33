extension StoreActor {
  /// Takes an action under its policy: the scheduler decides, and the store carries it out.
  func schedule(_ record: ActionRecord<I>, under policy: ActionPolicy) {
    // Under no id the scheduler has nothing to weigh: it would decide to start the action at once. Most
    // actions come this way, so they skip building and reading that decision.
    guard policy.hasID else { return launch(record) }
    carryOut(scheduler.take(record, under: policy))
  }

  /// Carries out the scheduler's decisions, in order.
  func carryOut(_ decisions: consuming Decisions) {
    for decision in decisions { carryOut(decision) }
  }

  private func carryOut(_ decision: Decision) {
    switch decision {
    case .start(let record, let group, let delay):
      if let group { scheduler.join(record, group: group) }
      launch(actionRecord(record), after: delay)
    case .cancel(let record, let reason):
      cancelStarted(actionRecord(record), reason: reason)
    case .drop(let record, let reason):
      drop(actionRecord(record), reason: reason)
    case .arm(let timer, let duration):
      arm(timer, after: duration)
    case .disarm(let timer):
      timer.handle?.cancel()
    case .startWaiting(let id):
      while let next = scheduler.nextWaiting(under: id) { withBoundary { carryOut(next) } }
    case .openWindow(let id, let duration):
      carryOut(scheduler.openWindow(id, for: duration))
    }
  }

  /// Starts the zero-debounced actions of a batch that no later action of the batch cancelled.
  func startDebouncedAtBatchEnd() {
    // Asked after every batch: the stored list first, so a batch with none calls into no scheduler code.
    guard !scheduler.debouncedToBatchEnd.isEmpty else { return }
    while let next = scheduler.nextDebounced() {
      withBoundary {
        scheduler.join(next.record, group: next.id)
        launch(actionRecord(next.record))
      }
    }
  }

  // MARK: Launching

  /// Runs the handler in a task that starts synchronously, right here: a handler that never suspends
  /// finishes before this returns and leaves nothing behind in the scheduler.
  func launch(_ record: ActionRecord<I>, after delay: Duration? = nil) {
    let task: Task<Void, Never>
    if delay == nil, record.childAction == nil, let starter {
      task = starter.start(self, record)
    } else {
      task = spawnImmediately(bound: record) { await self.run(record, after: delay) }
    }
    guard !record.isDone else { return }
    record.handle = task
    scheduler.launched(record)
    // The handler may have cancelled its own work before its task was registered.
    if record.isCancelled { task.cancel() }
  }

  /// The action's task where no `TaskStarter` made it: a delay, then what every action's task runs.
  private func run(_ record: ActionRecord<I>, after delay: Duration?) async {
    if let delay { try? await sleep(for: delay) }
    await perform(record)
  }

  /// What every action's task runs: the handler (the parent's, or, for an action that carries a child's,
  /// the child's) between `willRun` and `ended`.
  func perform(_ record: ActionRecord<I>) async {
    guard record.childAction != nil else { return await performOwnHandler(record) }
    guard let startedAt = willRun(record) else { return }
    await record.childAction?.run.handle(self)
    ended(record, startedAt: startedAt.time)
  }

  /// `perform` for an action of the store's own, which `TaskStarter` runs specialised: it never reads the
  /// record's child action, whose closures, read in the client's module, went through value witnesses.
  @inlinable
  func performOwnHandler(_ record: ActionRecord<I>) async {
    guard let startedAt = willRun(record) else { return }
    await interactor.onAction(record.action, store: self)
    ended(record, startedAt: startedAt.time)
  }

  /// Marks the handler started and returns when; or ends the action and returns `nil` if it was cancelled
  /// before its handler could start (while it slept out a delay, or, where a task cannot start immediately,
  /// while it waited for the store): the handler never runs.
  @usableFromInline
  func willRun(_ record: ActionRecord<I>) -> StartedAt? {
    if record.isCancelled {
      ended(record, startedAt: nil)
      return nil
    }
    record.hasStarted = true
    return StartedAt(time: observers.isEmpty ? nil : emitStarted(record))
  }

  /// Ends a task whose handler returned (or whose delay was cancelled), then starts what waited for it.
  @usableFromInline
  func ended(_ record: ActionRecord<I>, startedAt: Duration?) {
    stretchEnded(by: record)
    stretch.activity &+= 1
    // Observers hear of the end before anyone waiting in `finish()` is resumed, so a log flushed right
    // after `finish()` has the line.
    if !observers.isEmpty { emitEnded(record, startedAt: startedAt) }
    // The handler holds the child's store, which holds the root: a handle kept after the task must not.
    record.childAction = nil
    record.reader?.read(current)
    record.end()
    // A task that ended in its first stretch, in a store holding no place under any id, left the
    // scheduler nothing to do.
    if record.handle != nil || scheduler.holdsPlaces {
      record.handle = nil
      carryOut(scheduler.ended(record))
    }
  }

  /// Ends an action that never started.
  func drop(_ record: ActionRecord<I>, reason: CancellationReason) {
    guard !record.isDone else { return }
    _ = record.markCancelled(reason)
    if !observers.isEmpty {
      emitCancelled(record, reason: reason)
      emitEnded(record, startedAt: nil)
    }
    record.childAction = nil
    record.reader?.read(current)
    record.end()
    carryOut(scheduler.dropped(record))
  }

  /// Cancels a started task cooperatively (it ends when its handler returns), and runs its cleanup.
  private func cancelStarted(_ record: ActionRecord<I>, reason: CancellationReason) {
    guard record.markCancelled(reason) else { return }
    if !observers.isEmpty { emitCancelled(record, reason: reason) }
    if let task = record.handle {
      task.cancel()
    } else if TaskContext.current === record {
      // A handler cancelling its own work in its first stretch: its task is not registered yet.
      withUnsafeCurrentTask { $0?.cancel() }
    }
    cleanUp(record, reason: reason)
  }

  /// Runs the cleanup of a handler cancelled after it started, now, where the cancel happened: before the
  /// newer action that superseded it starts, and before the code that cancelled it goes on, so a cleanup
  /// never undoes what comes after the cancel. Its writes join the change of the stretch that cancelled,
  /// or, cancelled by the store of its own accord, are a change of their own (see `cancelInStretch`).
  ///
  /// No cleanup for a child that went away: the state it would reset is gone.
  private func cleanUp(_ record: ActionRecord<I>, reason: CancellationReason) {
    guard record.hasStarted, reason != .childGone else { return }
    withCleanup(of: record, reason: reason) {
      if let child = record.childAction {
        child.run.cleanUp(reason)
      } else {
        interactor.onCancel(record.action, reason: reason, store: self)
      }
    }
  }

  /// Starts a task immediately with `record` bound as `TaskContext.current`, which the task inherits with the
  /// task-locals it copies: bound inside the task by the async `withValue`, the handler's code would sit
  /// three executor switches deeper, and in a task started by `Task.immediate` each switch reads the task's
  /// executor preference under its status lock.
  ///
  /// Nonisolated, so that the closure binding the record is too: a closure isolated to the store, passed to
  /// `withValue`, checks at run time that it runs on the store's executor.
  nonisolated func spawnImmediately(
    bound record: TaskRecord,
    @_inheritActorContext(always) _ operation: @Sendable @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    TaskContext.$current.withValue(record) {
      guard let owned else {
        // From inside a loop that runs once, as `TaskStarter` does (see `ImmediateTaskSite`): called
        // straight, every child's and every delayed action's task got an executor preference record.
        var task: Task<Void, Never>?
        for _ in 0..<ImmediateTaskSite.once { task = Self.spawnImmediately(operation) }
        return task!
      }
      return owned.startNow(operation)
    }
  }

  /// Starts a task on the store that runs synchronously up to its first suspension, before this returns.
  ///
  /// Where `Task.immediate` is missing (Apple systems before 26) the task is queued on the store instead:
  /// still in order, only later.
  func spawnImmediately(
    @_inheritActorContext(always) _ operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    Self.spawnImmediately(operation)
  }

  /// Starts a task as `spawnImmediately` does, on the executor a TestStore owns. Its callers branch on
  /// `owned` themselves: a branch inside `spawnImmediately` made the optimiser compile its
  /// `Task.immediate` so that the task got an executor preference record (see `ImmediateTaskSite`), and
  /// every element a hook took went through the task's status lock.
  func spawnOnOwnedExecutor(
    _ owned: any OwnedExecutor,
    @_inheritActorContext(always) _ operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    owned.startNow(operation)
  }

  // Inlined into each caller: kept out of line, one call site (a hook's) made tasks that carried an
  // executor preference, which makes every executor switch in them take the task's status lock.
  @inline(__always)
  private static func spawnImmediately(
    _ operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
      return Task.immediate(operation: operation)
    }
    return Task(operation: operation)
  }

  /// A record the scheduler or the intake holds as its base class: every one of them is this store's.
  func actionRecord(_ record: TaskRecord) -> ActionRecord<I> {
    unsafeDowncast(record, to: ActionRecord<I>.self)
  }

  // MARK: Timers

  /// Starts a timer of the store's own (a throttle window's, a queue's spacing): after `duration` on the
  /// store's clock, unless disarmed, the scheduler hears that it fired.
  ///
  /// The timer sleeps under a record of its own, not the task-local of whoever started it: a test clock
  /// tells which task it woke by its record, and waits for that one to end, by when the action it started
  /// has run up to its own first sleep.
  private func arm(_ timer: SchedulerTimer, after duration: Duration) {
    guard scheduler.isCurrent(timer) else { return }
    let record = TimerRecord(number: intake.nextNumber(), owner: ObjectIdentifier(self), home: home)
    let task: Task<Void, Never>
    if let owned {
      task = spawnOnOwnedExecutor(owned) { await self.runTimer(timer, after: duration, record: record) }
    } else {
      task = spawnImmediately { await self.runTimer(timer, after: duration, record: record) }
    }
    record.handle = task
    if !scheduler.armed(timer, record: record) { task.cancel() }
  }

  private func runTimer(_ timer: SchedulerTimer, after duration: Duration, record: TimerRecord) async {
    await TaskContext.$current.withValue(record) { _ = try? await self.sleep(for: duration) }
    if !Task.isCancelled { self.timerFired(timer) }
    record.handle = nil
    record.end()
  }

  private func timerFired(_ timer: SchedulerTimer) {
    withBoundary { carryOut(scheduler.timerFired(timer)) }
  }
}
