extension StoreActor {
  /// Starts, queues, delays or drops a freshly taken action under its policy.
  func apply(_ policy: ActionPolicy, to record: ActionRecord<I>) {
    guard let id = policy.id else {
      start(record, group: nil)
      return
    }
    if !policy.extraIDs.isEmpty { tag(record, own: id, extras: policy.extraIDs) }
    switch policy.kind {
    case .concurrent:
      start(record, group: id)
    case .limit(let max, let whenFull):
      switch whenFull.rule {
      case .cancelOldest:
        if max == 1 {
          cancelGroup(id, reason: .superseded)
        } else {
          cancelOldest(under: id, keeping: max - 1)
        }
        start(record, group: id)
      case .dropNew:
        if registry.isFull(id, max: max) {
          drop(record, reason: .alreadyRunning)
        } else {
          start(record, group: id)
        }
      case .wait:
        wait(record, under: id, max: max, spacing: whenFull.spacing)
      }
    case .debounce(let duration) where duration == .zero:
      // No quiet period to sleep out: it waits in its group until the batch it came in is taken, so a
      // burst sent together runs only its last action, with no trip through the global executor.
      cancelGroup(id, reason: .debounced)
      registry.groups[id, default: .init()].queued.append(.init(record: record, max: 1))
      debouncedToBatchEnd.append((record, id))
    case .debounce(let duration):
      cancelGroup(id, reason: .debounced)
      start(record, group: id, after: duration)
    case .throttle(let duration, let latest):
      throttle(record, id: id, window: duration, latest: latest)
    }
  }

  /// Runs the handler in a task that starts synchronously, right here: a handler that never suspends
  /// finishes before this returns and leaves nothing behind in the registry.
  func start(_ record: ActionRecord<I>, group: CancelID?, after delay: Duration? = nil) {
    if let group { registry.join(group, record) }
    let task: Task<Void, Never>
    if delay == nil, record.childRun == nil, let starter {
      task = starter.start(self, record, group)
    } else {
      task = spawnImmediately(bound: record) { await self.run(record, group: group, after: delay) }
    }
    guard !record.isDone else { return }
    registry.live[record.number] = .init(record: record, task: task)
    record.isLive = true
    // The handler may have cancelled its own work before its task was registered.
    if record.cancelReason != nil { task.cancel() }
  }

  /// The action's task, from its start to its end (as `TaskStarter.specialised` runs it, with a delay and a
  /// child's handler besides).
  @inline(__always)
  private func run(_ record: ActionRecord<I>, group: CancelID?, after delay: Duration?) async {
    if let delay { try? await sleep(for: delay) }
    guard let startedAt = willRun(record, group: group) else { return }
    if let childRun = record.childRun {
      await childRun.handle(self)
    } else {
      await interactor.onAction(record.action, store: self)
    }
    ended(record, group: group, startedAt: startedAt.time)
  }

  /// Marks the handler started and returns when; or ends the action and returns `nil` if it was cancelled
  /// before its handler could start (while it slept out a delay, or, where a task cannot start immediately,
  /// while it waited for the store): the handler never runs.
  @usableFromInline
  func willRun(_ record: ActionRecord<I>, group: CancelID?) -> StartedAt? {
    if record.isCancelled {
      ended(record, group: group, startedAt: nil)
      return nil
    }
    record.hasStarted = true
    return StartedAt(time: observers.isEmpty ? nil : emitStarted(record))
  }

  /// Starts a task immediately with `record` bound as `TaskContext.current`, which the task inherits with the
  /// task-locals it copies: bound inside the task by the async `withValue`, the handler's code would sit
  /// three executor switches deeper, and in a task started by `Task.immediate` each switch reads the task's
  /// executor preference under its status lock.
  ///
  /// Nonisolated, so that the closure binding the record is too: a closure isolated to the store, passed to
  /// `withValue`, checks at run time that it runs on the store's executor.
  @usableFromInline
  nonisolated func spawnImmediately(
    bound record: TaskRecord,
    @_inheritActorContext(always) _ operation: @Sendable @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    TaskContext.$current.withValue(record) { Self.spawnImmediately(operation) }
  }

  /// Starts the zero-debounced actions of a batch that no later action of the batch cancelled.
  func startDebouncedAtBatchEnd() {
    guard !debouncedToBatchEnd.isEmpty else { return }
    let waiting = debouncedToBatchEnd
    debouncedToBatchEnd = []
    for (record, id) in waiting {
      guard let index = registry.groups[id]?.queued.firstIndex(where: { $0.record === record }) else { continue }
      registry.groups[id]?.queued.remove(at: index)
      withBoundary { start(actionRecord(record), group: id) }
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

  // Inlined into each caller: kept out of line, one call site (a hook's) made tasks that carried an
  // executor preference, which makes every executor switch in them take the task's status lock
  // (hook-forEach 1.3× → 1.7×).
  @inline(__always)
  private static func spawnImmediately(
    _ operation: sending @escaping @isolated(any) () async -> Void
  ) -> Task<Void, Never> {
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
      return Task.immediate(operation: operation)
    }
    return Task(operation: operation)
  }

  /// Ends a task whose handler returned (or whose delay was cancelled), then starts the next waiting action.
  @usableFromInline
  func ended(_ record: ActionRecord<I>, group: CancelID?, startedAt: Duration?) {
    if let batch, batch.cause === record { flush() }
    if record.isLive {
      registry.live.removeValue(forKey: record.number)
      record.isLive = false
    }
    activity &+= 1
    // Observers hear of the end before anyone waiting in `finish()` is resumed, so a log flushed right
    // after `finish()` has the line.
    if !observers.isEmpty { emitFinished(record, startedAt: startedAt) }
    // The handler holds the child's store, which holds the root: a handle kept after the task must not.
    record.childRun = nil
    record.reader?(current)
    record.end()
    if let group { leave(group, record) }
  }

  /// A record the registry or the intake holds as its base class: every one of them is this store's.
  func actionRecord(_ record: TaskRecord) -> ActionRecord<I> {
    unsafeDowncast(record, to: ActionRecord<I>.self)
  }

  /// Ends an action that never started.
  func drop(_ record: ActionRecord<I>, reason: CancellationReason) {
    _ = record.markCancelled(reason)
    if !observers.isEmpty {
      emitCancelled(record, reason: reason)
      emitFinished(record, startedAt: nil)
    }
    record.childRun = nil
    record.reader?(current)
    record.end()
    if !registry.tags.isEmpty { untag(record) }
  }

  /// Cancels a started task cooperatively: it ends when its handler returns.
  func cancelStarted(_ record: ActionRecord<I>, reason: CancellationReason) {
    guard record.markCancelled(reason) else { return }
    if !observers.isEmpty { emitCancelled(record, reason: reason) }
    if let live = registry.live[record.number] {
      live.task.cancel()
    } else if TaskContext.current === record {
      // A handler cancelling its own work in its first stretch: its task is not registered yet.
      withUnsafeCurrentTask { $0?.cancel() }
    }
    cleanUp(record, reason: reason)
  }

  /// Cancels the started tasks whose records match, in the order they were sent.
  func cancelStarted(where matches: (ActionRecord<I>) -> Bool, reason: CancellationReason) {
    let matching = registry.live.values.lazy.map { self.actionRecord($0.record) }.filter(matches)
    for record in matching.sorted(by: { $0.number < $1.number }) { cancelStarted(record, reason: reason) }
  }

  /// Cancels everything under `id`: started tasks, queued actions, an open throttle window or spacing gap,
  /// and the actions tagged with `id` beside their own identifier.
  func cancelGroup(_ id: CancelID, reason: CancellationReason) {
    // Taken out and put back whole: a cancel-previous send comes through here every time, and each
    // lookup hashes a type-erased identifier.
    guard var group = registry.groups.removeValue(forKey: id) else { return }
    let started = group.uncancelled.values.sorted(by: { $0.number < $1.number })
    let waiting = group.queued.map(\.record) + (group.window?.pending.map { [$0] } ?? [])
    group.window?.timer?.cancel()
    group.gap?.timer?.cancel()
    let tagged = group.tagged
    group.uncancelled = [:]
    group.queued = []
    group.window = nil
    group.gap = nil
    // The spacing goes with the gap: a cancelled task that returns later must not open a new one. The next
    // action that waits under the id sets it again.
    group.spacing = nil
    if !group.isEmpty { registry.groups[id] = group }
    for record in started { cancelStarted(actionRecord(record), reason: reason) }
    for record in waiting { drop(actionRecord(record), reason: reason) }
    if !tagged.isEmpty { cancelTagged(tagged, reason: reason) }
  }

  /// Cancels one action's task, wherever it is: started, queued, or waiting for a throttle window.
  func cancelTask(_ record: TaskRecord, reason: CancellationReason) {
    guard !record.isDone, let record = record as? ActionRecord<I> else { return }
    for (id, group) in registry.groups {
      if group.active[record.number] != nil {
        return cancelStarted(record, reason: reason)
      }
      if dropIfWaiting(record, under: id, reason: reason) { return }
    }
    cancelStarted(record, reason: reason)
  }

  /// Drops `record` if it waits under `id` (queued, or the action a throttle window holds), so it never
  /// starts; returns whether it waited there.
  func dropIfWaiting(_ record: ActionRecord<I>, under id: CancelID, reason: CancellationReason) -> Bool {
    guard let group = registry.groups[id] else { return false }
    if let index = group.queued.firstIndex(where: { $0.record === record }) {
      registry.groups[id]?.queued.remove(at: index)
      // A group kept for nothing would outlive its work: ids may be as many as the actions.
      registry.removeIfEmpty(id)
    } else if group.window?.pending === record {
      registry.groups[id]?.window?.pending = nil
    } else {
      return false
    }
    drop(record, reason: reason)
    return true
  }

  /// Cancels every task, queued action, throttle window, spacing gap and hook, for good.
  ///
  /// In this order: the change of the stretch that ran before the stop is published (it came first); then
  /// every task is cancelled and the started handlers' cleanups run, each a change of its own; then the
  /// subscribers end with the final state, the log's last entry says "stopped", and the observers are let
  /// go. From then on nothing lands: no write, no change, no event.
  func stopEverything() {
    guard !isStopped else { return }
    flush()
    isStopped = true
    for id in registry.groups.keys { cancelGroup(id, reason: .storeStopped) }
    for live in registry.live.values.sorted(by: { $0.record.number < $1.record.number }) {
      cancelStarted(actionRecord(live.record), reason: .storeStopped)
    }
    for task in hookTasks { task.cancel() }
    hookTasks = []
    flush()
    if !registry.live.isEmpty { watchForHandlersIgnoringCancellation() }
    subscribers.finishAll()
    endChildren()
    if !observers.isEmpty { emit(.stopped) }
    observers = Observers([])
  }

  /// A handler that ignores cancellation keeps running after a stop, and keeps the store alive: say so once
  /// the grace period has passed. The watch holds the store weakly, so a store that winds down in time
  /// goes away without waiting for it.
  private func watchForHandlersIgnoringCancellation() {
    let grace = Diagnostics.stopGrace
    Task { [weak self] in
      try? await Task.sleep(for: grace)
      await self?.warnAboutHandlersStillRunning(after: grace)
    }
  }

  private func warnAboutHandlersStillRunning(after grace: Duration) {
    for live in registry.live.values.sorted(by: { $0.record.number < $1.record.number }) {
      warnings.warn(
        "\(storeID) stopped \(grace) ago, but the handler of \(describe(actionRecord(live.record).action)) is still running: it ignores cancellation, and keeps the store alive until it returns. Check Task.isCancelled in it, or await only what throws on cancellation."
      )
    }
  }

  // MARK: Throttle

  private func throttle(_ record: ActionRecord<I>, id: CancelID, window: Duration, latest: Bool) {
    guard registry.groups[id]?.window != nil else {
      start(record, group: id)
      openWindow(id, duration: window)
      return
    }
    guard latest else { return drop(record, reason: .throttled) }
    let replaced = registry.groups[id]?.window?.pending
    registry.groups[id]?.window?.pending = record
    if let replaced { drop(actionRecord(replaced), reason: .throttled) }
  }

  private func openWindow(_ id: CancelID, duration: Duration) {
    let token = intake.nextNumber()
    // Open before the timer starts: a sleep that returns at once (a zero window on a TestClock) closes the
    // window within `spawnImmediately`, and must find it there.
    registry.groups[id, default: .init()].window = .init(token: token)
    let timer = startTimer(number: token, after: duration) { $0.closeWindow(id, token: token, duration: duration) }
    if registry.groups[id]?.window?.token == token { registry.groups[id]?.window?.timer = timer }
  }

  private func closeWindow(_ id: CancelID, token: UInt64, duration: Duration) {
    guard let window = registry.groups[id]?.window, window.token == token else { return }
    registry.groups[id]?.window = nil
    if let pending = window.pending {
      withBoundary { start(actionRecord(pending), group: id) }
      openWindow(id, duration: duration)
    } else if registry.groups[id]?.isEmpty == true {
      registry.groups[id] = nil
    }
  }

  /// Starts a timer of the store's own (a throttle window's, a queue's spacing): after `duration` on the
  /// store's clock, unless cancelled, it runs `fire`, which starts the next action.
  ///
  /// The timer sleeps under a record of its own, not the task-local of whoever started it: a test clock
  /// tells which task it woke by its record, and waits for that one to end, by when the action it started
  /// has run up to its own first sleep.
  func startTimer(
    number: UInt64, after duration: Duration, fire: @escaping @Sendable (isolated StoreActor) -> Void
  ) -> Task<Void, Never> {
    let record = TimerRecord(number: number, owner: ObjectIdentifier(self), home: home)
    return spawnImmediately {
      await TaskContext.$current.withValue(record) { _ = try? await self.sleep(for: duration) }
      if !Task.isCancelled { fire(self) }
      record.end()
    }
  }
}
