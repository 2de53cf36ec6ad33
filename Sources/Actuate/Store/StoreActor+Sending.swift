extension StoreActor {
  /// Sends an action from a handler or hook. Returns at once; the action is handled after everything sent
  /// before it, once the current stretch of code gives up the store.
  ///
  /// A send from a task that has been cancelled is dropped and reported, like its state writes.
  @discardableResult
  public func send(_ action: I.Action) -> ActionTask {
    if isChild { return link!.send(action) }
    var sender: SenderNote?
    if let cleaning {
      sender = observers.isEmpty ? .unknown : .note(cause(of: cleaning))
    } else if let context = TaskContext.current, context.owner == ObjectIdentifier(self) {
      if context.isCancelled { return dropSend(action, from: context) }
      // Only a description of the sender travels with the action (see `ActionRecord.sender`).
      sender = observers.isEmpty ? .unknown : .note(cause(of: context))
    }
    let (record, next) = intake.enqueue(action, sentBy: sender, owner: self)
    switch next {
    case .drain: scheduleDrain()
    case .queued: break
    case .rejected: warnRejected(action)
    }
    return ActionTask(record: record)
  }

  /// Sends from outside the store: the ``Store`` forwards here. Inlinable, with `sendAndWaitFromOutside`, so
  /// that the client's module specialises them for its interactor: there, the hop onto the store finds its
  /// executor without looking the store's generic type up.
  @inlinable
  nonisolated func sendFromOutside(_ action: I.Action) -> ActionTask {
    let (record, next) = intake.enqueue(action, sentBy: nil, owner: self)
    switch next {
    case .drain: scheduleDrainFromOutside()
    case .queued: break
    case .rejected: warnRejected(action)
    }
    return ActionTask(record: record)
  }

  /// `sendAndWaitFromOutside`, reading the state with `read` as the action ends.
  nonisolated func sendAndWaitFromOutside<Value: Sendable>(
    _ action: I.Action, reading read: @escaping @Sendable (I.State) -> Value
  ) async -> (outcome: ActionOutcome, value: Value) {
    let reading = StateReading<Value>()
    let (record, next) = intake.enqueueTakingFirst(action, owner: self) { state in reading.value = read(state) }
    if next == .rejected {
      warnRejected(action)
      // Stopped: the state is final, so reading it now reads what it was when the action was refused.
      return (.rejected, read(await state))
    }
    var outcome = await takeIntake(next, for: record)
    if outcome == nil { outcome = await record.wait() }
    return (outcome!, reading.value!)
  }

  /// Sends from outside and waits for the outcome, taking the intake on the caller's task: the ``Store``
  /// forwards ``Store/sendAndWait(_:)`` here.
  @inlinable
  nonisolated func sendAndWaitFromOutside(_ action: I.Action) async -> ActionOutcome {
    let (record, next) = intake.enqueueTakingFirst(action, owner: self)
    if next == .rejected {
      warnRejected(action)
      return .rejected
    }
    if let outcome = await takeIntake(next, for: record) { return outcome }
    return await record.wait()
  }

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
    _ = spawnImmediately { self.drain() }
  }

  nonisolated func stopFromOutside(_ reason: Intake<I>.StopReason) {
    if intake.enqueue(.stop(reason)) { scheduleDrainFromOutside() }
  }

  @usableFromInline
  nonisolated func warnRejected(_ action: I.Action) {
    warnings.warn(
      "\(storeID) has stopped, so \(describe(action)) was not handled. Send only while you hold the store and before you call stop()."
    )
  }

  private func dropSend(_ action: I.Action, from sender: TaskRecord) -> ActionTask {
    let record = ActionRecord(number: intake.nextNumber(), owner: self, action: action, sentBy: .note(cause(of: sender)))
    record.end(.cancelled(sender.cancelReason ?? .explicit))
    if !observers.isEmpty { emit(.sendDropped(action, cause: cause(of: sender))) }
    return ActionTask(record: record)
  }

  // MARK: Draining

  /// Schedules a drain from outside the store. `Task.immediate` enqueues straight onto the store, skipping
  /// the hop through the global executor that `Task {}` would take.
  @usableFromInline
  nonisolated func scheduleDrainFromOutside() {
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
      Task.immediate { await self.drain() }
    } else {
      Task { await self.drain() }
    }
  }

  /// Schedules a drain from inside the store: it runs after the current stretch of code, never inside it,
  /// so a handler never sees another handler run in the middle of its own code.
  func scheduleDrain() {
    Task { self.drain() }
  }

  /// Takes everything from the intake, in order, until it is empty.
  func drain() {
    while intake.takeBatch(reusing: &batchBuffer) { takeBatchBuffer() }
  }

  /// Takes the batch in `batchBuffer`, command by command.
  private func takeBatchBuffer() {
    // A stop is always last (nothing is accepted after it): what came before it never starts.
    let stopping: Bool
    if case .stop = batchBuffer.last { stopping = true } else { stopping = false }
    activity &+= UInt64(batchBuffer.count)
    if batchBuffer.count > 1, !stopping {
      scheduler.lookahead.look(at: batchBuffer) { policyForLookahead(actionRecord($0)) }
    }
    for index in batchBuffer.indices {
      withBoundary { process(batchBuffer[index], at: index, stopping: stopping) }
    }
    scheduler.lookahead.reset()
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

  /// Takes everything sent so far, now: tests use it to know every earlier send has started or queued.
  package func drainIntake() {
    drain()
  }

  /// Takes everything sent so far, then runs `body` before anything else can run on the store: what `body`
  /// sees of the store's events ends exactly where those actions' first stretches ended.
  package func drainIntake<R: Sendable>(then body: @Sendable () -> R) -> R {
    drain()
    return body()
  }

  /// Returns once the store has nothing left to do that it can do on its own: repeated round trips through
  /// the store's executor let every job queued before them run (hooks reacting to a change, tasks resuming
  /// from a wake-up), until a round trip finds that nothing happened since the previous one.
  package nonisolated func settle() async {
    await settle(ignoring: [])
  }

  /// Settles, but does not wait for the hooks numbered in `ignored` to react (a TestStore has reported
  /// them already). Returns early if the calling task is cancelled.
  package nonisolated func settle(ignoring ignored: Set<UInt64>) async {
    await deliveries.waitUntilIdle(ignoring: ignored)
    var last = await drainReportingActivity()
    for _ in 0..<Self.settleRounds {
      await deliveries.waitUntilIdle(ignoring: ignored)
      let now = await drainReportingActivity()
      if now == last { return }
      last = now
    }
  }

  private static var settleRounds: Int { 64 }

  private func drainReportingActivity() -> UInt64 {
    drain()
    return activity
  }

  /// The numbers of the action tasks that have started and not ended (running, or sleeping out a delay).
  package var liveActionNumbers: [UInt64] {
    scheduler.startedRecords.keys.sorted()
  }

  /// The most room a buffer the store reuses from batch to batch holds now, in entries.
  package var batchBufferCapacity: Int {
    max(batchBuffer.capacity, scheduler.lookahead.capacity)
  }

  /// Whether the intake holds actions the store has not taken yet.
  package nonisolated var hasUntakenCommands: Bool { intake.hasCommands }

  private func process(_ command: Intake<I>.Command, at index: Int, stopping: Bool) {
    switch command {
    case .start(let log):
      if let log { observers.attach(log) }
      start()
    case .action(let taken):
      // Erased only to keep the intake's queue non-generic; every action in this intake is this store's.
      take(actionRecord(taken), at: index, stopping: stopping)
    case .cancel(let id):
      carryOut(scheduler.cancel(id: id, reason: .explicit))
    case .cancelMatching(let matches):
      carryOut(scheduler.cancel(matching: matches, reason: .explicit))
    case .cancelTask(let record):
      // Only an action's handle cancels a task: every such record is this store's.
      carryOut(scheduler.cancel(record, reason: .explicit))
    case .stop:
      stopEverything()
    }
  }

  /// Takes one action, the command at `index` of its batch: starts, queues or drops it.
  private func take(_ record: ActionRecord<I>, at index: Int, stopping: Bool) {
    if !observers.isEmpty { emitSent(record) }
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
      launch(record, group: nil)
    }
  }

  private func start() {
    if !observers.isEmpty { emit(.started(current)) }
    startHooks()
    reconcileChildren(old: nil)
  }
}
