extension StoreActor {
  /// Takes the intake on the calling task, which has just sent `record`'s action (and, if `next` is
  /// `.first`, not queued it). Returns the action's outcome if it has ended by then, as the store knows it,
  /// so the caller need not ask through the record's lock.
  @usableFromInline
  func takeIntake(_ next: TakeFirst, for record: ActionRecord<I>) -> ActionOutcome? {
    // A cancelled caller matters only to a drain that may set hooks up on its task (they write and send
    // as the running task): not to its own action taken alone in a store without children, whose handler
    // runs in a task of its own.
    guard boundaryDepth == 0, next == .first && !hasChildren || !Self.callerIsCancelled else {
      if next == .first { intake.putFirst(record) }
      if boundaryDepth > 0 {
        // Called from inside the store's own stretch (a drain running a handler's first stretch): draining
        // here would take later commands before the rest of the current batch. The drain in progress, or
        // the one scheduled now, takes them in order.
        if next != .queued { scheduleDrain() }
      } else {
        drainInOwnTask()
      }
      return nil
    }
    if next == .first { takeFirst(record) }
    drain()
    return record.ended
  }

  /// Takes an action that was not queued, as the first of a batch with whatever was sent after it before
  /// now, so that a cancel sent since still reaches it before it starts.
  private func takeFirst(_ record: ActionRecord<I>) {
    if intake.takeBatch(reusing: &batchBuffer, releasingWhenEmpty: false) {
      batchBuffer.insert(.action(record), at: 0)
      takeBatchBuffer()
      return
    }
    // Nothing came after it: a batch of one. The drain stays claimed, so what its first stretch sends waits
    // for the drain that follows, as it would in a batch.
    activity &+= 1
    withBoundary { take(record, at: 0, stopping: false) }
    startDebouncedAtBatchEnd()
  }

  /// Whether the task calling `sendAndWait` is cancelled: read without retaining it, as `Task.isCancelled`
  /// does.
  private static var callerIsCancelled: Bool {
    withUnsafeCurrentTask { $0?.isCancelled ?? false }
  }

  /// Hooks set up during a drain write and send as the running task: a cancelled caller would have those
  /// dropped. A task of the store's own, started here and now, takes the intake instead.
  @inline(never)
  private func drainInOwnTask() {
    if let owned = anchor.owned {
      _ = spawnOnOwnedExecutor(owned) { self.drain() }
    } else {
      _ = spawnImmediately { await self.drainRunningInline() }
    }
  }

  /// Schedules a drain from outside the store. `Task.immediate` enqueues straight onto the store, skipping
  /// the hop through the global executor that `Task {}` would take.
  @usableFromInline
  nonisolated func scheduleDrainFromOutside() {
    // From inside a loop that runs once (see `ImmediateTaskSite`): a drain runs handlers inline, and each
    // executor switch in a task with an executor preference record takes the task's status lock.
    for _ in 0..<ImmediateTaskSite.once {
      if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        Task.immediate { await self.drainRunningInline() }
      } else {
        Task { await self.drainRunningInline() }
      }
    }
  }

  /// Schedules a drain from inside the store: it runs after the current stretch of code, never inside it,
  /// so a handler never sees another handler run in the middle of its own code.
  func scheduleDrain() {
    for _ in 0..<ImmediateTaskSite.once { Task { await self.drainRunningInline() } }
  }

  /// Takes everything from the intake, in order, until it is empty, starting each handler in a task of its
  /// own: on a caller's task (``Store/sendAndWait(_:)``), or on an executor a TestStore owns.
  func drain() {
    if let start = takeOverBatchInFlight() { takeBatchBuffer(from: start) }
    while intake.takeBatch(reusing: &batchBuffer) { takeBatchBuffer() }
  }

  /// Takes the batch in `batchBuffer`, command by command, from command `start` on.
  func takeBatchBuffer(from start: Int = 0) {
    let stopping = start == 0 ? beginBatch() : batchIsStopping
    for index in start..<batchBuffer.count {
      withBoundary { process(batchBuffer[index], at: index, stopping: stopping) }
    }
    endBatch()
  }

  /// Starts taking the batch in `batchBuffer`: counts it and looks ahead. Returns whether it ends in a stop
  /// (a stop is always last, since nothing is accepted after it): what came before it never starts.
  private func beginBatch() -> Bool {
    let stopping = batchIsStopping
    activity &+= UInt64(batchBuffer.count)
    if batchBuffer.count > 1, !stopping {
      scheduler.lookahead.look(at: batchBuffer) { policyForLookahead(actionRecord($0)) }
    }
    return stopping
  }

  private var batchIsStopping: Bool {
    if case .stop = batchBuffer.last { return true }
    return false
  }

  private func endBatch() {
    scheduler.lookahead.reset()
    startDebouncedAtBatchEnd()
  }

  // MARK: Handlers run inline

  /// A drain in a task of the store's own: takes the intake until it is empty. In a batch of several, the
  /// handler of an action under no identifier runs inline, in this task, rather than in a task of its own:
  /// one that returns without suspending costs a call. One that suspends keeps this task as its own, and
  /// the successor this drain armed takes the rest of the batch and the intake (see ``BatchHandoff``).
  ///
  /// A batch of one starts its handler in a task of its own, as `drain()` does: there the successor would
  /// cost what it saves. So does a store on an executor a TestStore owns, whose schedule may run a
  /// handler's next stretch before the successor, and so does any drain that finds a batch in flight (see
  /// `takeOver`).
  func drainRunningInline() async {
    guard anchor.owned == nil, inFlight == nil else { return drain() }
    var handoff: BatchHandoff?
    while intake.takeBatch(reusing: &batchBuffer) {
      guard await takeBatchRunningInline(handoff: &handoff) else { return }
    }
  }

  /// Takes the batch in `batchBuffer`. Returns `false` once a handler run inline suspended, or left this
  /// task cancelled: the successor takes the rest of the batch.
  @inline(__always)
  private func takeBatchRunningInline(handoff: inout BatchHandoff?) async -> Bool {
    let stopping = beginBatch()
    let inline = batchBuffer.count > 1 && !stopping
    var index = 0
    while index < batchBuffer.count {
      runsInline = inline
      withBoundary { process(batchBuffer[index], at: index, stopping: stopping) }
      runsInline = false
      index += 1
      guard let record = inlineRecord else { continue }
      inlineRecord = nil
      let armed = handoff ?? armSuccessor()
      handoff = armed
      guard await runInline(actionRecord(record), next: index, handoff: armed) else { return false }
    }
    endBatch()
    return true
  }

  /// Queues the successor of the drain running in the current task: it runs as soon as the drain gives the
  /// store up, which it does only when a handler it runs inline suspends, or when it ends.
  private func armSuccessor() -> BatchHandoff {
    let handoff = BatchHandoff(drainTask: withUnsafeCurrentTask { $0! })
    for _ in 0..<ImmediateTaskSite.once { Task { self.takeOver(handoff) } }
    return handoff
  }

  /// Runs `record`'s handler inline. Returns `false` if it suspended (the successor took the batch over) or
  /// left this task cancelled (the successor will take it over).
  @inline(__always)
  private func runInline(_ record: ActionRecord<I>, next: Int, handoff: BatchHandoff) async -> Bool {
    handoff.next = next
    handoff.running = record
    inFlight = handoff
    // The handler's first stretch is the store's, as a task started immediately in `withBoundary` would
    // be: its change is published as it returns, or, if it suspends, as the successor takes over.
    enterBoundary()
    if let starter {
      await starter.runInline(self, record)
    } else {
      await TaskContext.$current.withValue(record) { await performOwnHandler(record) }
    }
    if handoff.isTakenOver { return false }
    handoff.running = nil
    leaveBoundary()
    // A task cannot be un-cancelled: the next handler must not run in this one.
    guard Task.isCancelled else {
      inFlight = nil
      return true
    }
    return false
  }

  /// The successor: if the drain that armed it gave the store up in the middle of its batch, takes the rest
  /// of the batch, then the intake until it is empty, a task per action, as `drain()` does. Once a handler
  /// of a burst has suspended, the next ones likely do too, and each would cost a successor of its own: with
  /// a successor per batch, a burst whose every handler suspends was 9% slower than a task per action, and
  /// one whose every other handler does, 24%. Otherwise the drain ended, or another drain took over, and
  /// there is nothing to do.
  private func takeOver(_ handoff: BatchHandoff) {
    guard inFlight === handoff else { return }
    drain()
  }

  /// When a drain gave the store up in the middle of its batch, takes that batch over for the drain running
  /// now, whichever it is, and returns where to go on in it. The handler the drain ran inline, if it
  /// suspended, is registered as a task that outlived its first stretch, the drain's task as its handle,
  /// and its first stretch ends here. Any drain does this before taking the intake, which would otherwise
  /// start later actions before the rest of the batch.
  private func takeOverBatchInFlight() -> Int? {
    guard let handoff = inFlight else { return nil }
    inFlight = nil
    handoff.isTakenOver = true
    if let running = handoff.running {
      handoff.running = nil
      leaveBoundary()
      let record = actionRecord(running)
      if !record.isDone {
        scheduler.launched(record, running: .drain(handoff.drainTask))
        if record.isCancelled { handoff.drainTask.cancel() }
      }
    }
    return handoff.next
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
    if stopping || isStopped {
      drop(record, reason: .storeStopped)
    } else if let reason = scheduler.lookahead.cancelReason(at: index) {
      drop(record, reason: reason)
    } else if hasChildren, routeToChild(record) {
      return
    } else if !scheduler.lookahead.isActive {
      schedule(record, under: interactor.policy(for: record.action))
    } else if let policy = scheduler.lookahead.policy(at: index) {
      schedule(record, under: policy)
    } else {
      // Looked ahead as plain `.concurrent`.
      launchPlain(record)
    }
  }

  private func start() {
    if !observers.isEmpty { emit(.started(current)) }
    startHooks()
    reconcileChildren(old: nil)
  }
}
