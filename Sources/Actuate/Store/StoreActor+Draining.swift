extension StoreActor {
  /// Takes the intake on the calling task, which has just sent `record`'s action (and, if `next` is
  /// `.first`, not queued it). Returns the action's outcome if it has ended by then, as the store knows it,
  /// so the caller need not ask through the record's lock.
  @usableFromInline
  func takeIntake(_ next: TakeFirst, for record: ActionRecord<I>) -> ActionOutcome? {
    // A cancelled caller matters only to a drain that may set hooks up on its task (they write and send
    // as the running task): not to its own action taken alone in a store without children, whose handler
    // runs in a task of its own.
    guard stretch.boundaryDepth == 0, next == .first && !hasChildren || !Self.callerIsCancelled else {
      if next == .first { intake.putFirst(record) }
      if stretch.boundaryDepth > 0 {
        // Called from inside the store's own stretch (a drain running a handler's first stretch): draining
        // here would take later commands before the rest of the current batch. The drain in progress, or
        // the one scheduled now, takes them in order.
        if next != .queued { scheduleDrain() }
      } else {
        drainInOwnTask(holdingClaim: next != .queued)
      }
      return nil
    }
    if next == .first { takeFirst(record) }
    if next == .queued { takeQueued() } else { drain() }
    return record.ended
  }

  /// Takes an action that was not queued, as the first of a batch with whatever was sent after it before
  /// now, so that a cancel sent since still reaches it before it starts.
  private func takeFirst(_ record: ActionRecord<I>) {
    if intake.takeBatch(reusing: &stretch.batchBuffer, releasingWhenEmpty: false) {
      stretch.batchBuffer.insert(.action(record), at: 0)
      takeBatchBuffer()
      return
    }
    // Nothing came after it: a batch of one. The drain stays claimed, so what its first stretch sends waits
    // for the drain that follows, as it would in a batch.
    stretch.activity &+= 1
    withBoundary { take(record, at: 0, stopping: false) }
    startDebouncedAtBatchEnd()
  }

  /// Whether the task calling `sendAndWait` is cancelled: read without retaining it, as `Task.isCancelled`
  /// does.
  private static var callerIsCancelled: Bool {
    withUnsafeCurrentTask { $0?.isCancelled ?? false }
  }

  /// Hooks set up during a drain write and send as the running task: a cancelled caller would have those
  /// dropped. A task of the store's own, started here and now, takes the intake instead, as the drain that
  /// holds the intake's claim if the caller held it.
  @inline(never)
  private func drainInOwnTask(holdingClaim: Bool) {
    if let owned {
      _ = spawnOnOwnedExecutor(owned) { holdingClaim ? self.drain() : self.takeQueued() }
    } else {
      _ = spawnImmediately { holdingClaim ? self.drain() : self.takeQueued() }
    }
  }

  /// Schedules a drain from outside the store. `Task.immediate` enqueues straight onto the store, skipping
  /// the hop through the global executor that `Task {}` would take.
  @usableFromInline
  nonisolated func scheduleDrainFromOutside() {
    // From inside a loop that runs once (see `ImmediateTaskSite`): each executor switch in a task with an
    // executor preference record takes the task's status lock.
    for _ in 0..<ImmediateTaskSite.once {
      if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        Task.immediate { await self.drain() }
      } else {
        Task { await self.drain() }
      }
    }
  }

  /// Schedules a drain from inside the store: it runs after the current stretch of code, never inside it,
  /// so a handler never sees another handler run in the middle of its own code.
  func scheduleDrain() {
    for _ in 0..<ImmediateTaskSite.once { Task { self.drain() } }
  }

  /// The drain that holds the intake's claim: takes everything from the intake, in order, until it is
  /// empty, then releases the claim. Each handler starts in a task of its own, synchronously: the action
  /// behind a handler that suspends starts before that handler resumes, whatever the priorities of the
  /// tasks involved.
  func drain() {
    while intake.takeBatch(reusing: &stretch.batchBuffer, releasingWhenEmpty: true) { takeBatchBuffer() }
  }

  /// Takes everything queued so far, as `drain()` does, for code that does not hold the intake's claim: the
  /// claimed drain, still to run, finds the intake empty and releases it.
  func takeQueued() {
    while intake.takeBatch(reusing: &stretch.batchBuffer, releasingWhenEmpty: false) { takeBatchBuffer() }
  }

  /// Takes the batch in `stretch.batchBuffer`, command by command.
  func takeBatchBuffer() {
    // A stop is always last (nothing is accepted after it): what came before it never starts.
    let stopping: Bool
    if case .stop = stretch.batchBuffer.last { stopping = true } else { stopping = false }
    stretch.activity &+= UInt32(truncatingIfNeeded: stretch.batchBuffer.count)
    if stretch.batchBuffer.count > 1, !stopping {
      scheduler.lookahead.look(at: stretch.batchBuffer) { policyForLookahead(actionRecord($0)) }
    }
    for index in stretch.batchBuffer.indices {
      withBoundary { process(stretch.batchBuffer[index], at: index, stopping: stopping) }
    }
    // Asked here, a stored flag, so that a batch of one never enters the lookahead.
    if scheduler.lookahead.isActive { scheduler.lookahead.reset() }
    startDebouncedAtBatchEnd()
  }

  /// The policy an action will run under, for the lookahead: its child's, scoped, when it carries a
  /// child's (as routing would find it now), or the interactor's.
  private func policyForLookahead(_ record: ActionRecord<I>) -> ActionPolicy? {
    if hasChildren, let route = children?.route(record.action, fromOutside: { record.sender == nil }) {
      if case .handle(let policy, _, _) = route { return policy }
      return nil
    }
    return interactor.policy(for: record.action)
  }

  private func process(_ command: Intake<I>.Command, at index: Int, stopping: Bool) {
    switch command {
    case .start(let watcher):
      if let watcher { observers.attach(watcher) }
      start()
    case .action(let taken):
      // Erased only to keep the intake's queue non-generic; every action in this intake is this store's.
      take(actionRecord(taken), at: index, stopping: stopping)
    case .cancel, .cancelMatching, .cancelTask, .cancelSends:
      if let decisions = scheduler.cancel(taking: command) { carryOut(decisions) }
    case .stop:
      stopEverything()
    }
  }

  /// Takes one action, the command at `index` of its batch: starts, queues or drops it.
  private func take(_ record: ActionRecord<I>, at index: Int, stopping: Bool) {
    if !observers.isEmpty { emitTaken(record) }
    if stopping || stretch.isStopped {
      drop(record, reason: .storeStopped)
    } else if let dropped = scheduler.dropAhead(record, at: index) {
      carryOut(consume dropped)
    } else if hasChildren, routeToChild(record) {
      return
    } else {
      schedule(record, under: scheduler.policy(at: index) { interactor.policy(for: record.action) })
    }
  }

  private func start() {
    if !observers.isEmpty { emit(.started(current)) }
    if let persister = wiring.persister { attach(persister) }
    startHooks()
    reconcileChildren(old: nil)
  }
}
