/// What tests and tools ask of a store beyond its API: draining and settling it on demand, holding its
/// intake, waiting until it is idle, and handles on its tasks by number. The engine never calls these.
extension StoreActor {
  /// Takes everything sent so far, now: tests use it to know every earlier send has started or queued.
  package func drainIntake() {
    takeQueued()
  }

  /// Takes everything sent so far, then runs `body` before anything else can run on the store: what `body`
  /// sees of the store's events ends exactly where those actions' first stretches ended.
  package func drainIntake<R: Sendable>(then body: @Sendable () -> R) -> R {
    takeQueued()
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

  private func drainReportingActivity() -> UInt32 {
    takeQueued()
    return stretch.activity
  }

  /// The numbers of the action tasks that have started and not ended (running, or sleeping out a delay).
  package var liveActionNumbers: [UInt64] {
    scheduler.startedRecords.keys.sorted()
  }

  /// The most room a buffer the store reuses from batch to batch holds now, in entries.
  package var batchBufferCapacity: Int {
    max(stretch.batchBuffer.capacity, scheduler.lookahead.capacity)
  }

  /// Whether the intake holds actions the store has not taken yet.
  package nonisolated var hasUntakenCommands: Bool { intake.hasCommands }

  /// Runs `body` while the store cannot take anything from its intake, as when it is busy: what `body`
  /// sends and cancels is taken together afterwards, in order. Only while no drain is under way.
  package nonisolated func withIntakeHeld(_ body: () -> Void) {
    if intake.holding(body) { scheduleDrainFromOutside() }
  }

  /// How many observe the store, its debug log counted as one, once it has taken every command sent so far.
  package var observerCount: Int {
    takeQueued()
    return observers.count
  }

  // MARK: Idle

  /// Returns once the store is idle (see ``Store/waitUntilIdle()``), or once the calling task is cancelled.
  package nonisolated func waitUntilIdle() async {
    await waitUntilIdle(ignoring: [])
  }

  /// Returns once the store is idle but for the tasks numbered in `ignored` (a TestStore has reported
  /// them already), or once the calling task is cancelled.
  package nonisolated func waitUntilIdle(ignoring ignored: Set<UInt64>) async {
    let deliveries = home.deliveries
    while !Task.isCancelled {
      await settle(ignoring: ignored)
      // Read before the check: a task that sleeps or ends after it changes the generation, so the wait
      // below does not miss it.
      let generation = deliveries.generation
      let running = await runningRecords.filter { !ignored.contains($0.number) }
      if hasUntakenCommands { continue }
      if running.isEmpty, deliveries.busyRecords.allSatisfy({ ignored.contains($0.number) }) { return }
      for record in running { deliveries.watchEnd(record) }
      await deliveries.waitForChange(after: generation)
    }
  }

  /// The action tasks that have started, have not ended, and do not sleep on a clock, in the order sent.
  package var runningRecords: [TaskRecord] {
    scheduler.startedRecords.values
      .filter { !home.deliveries.isParked(ObjectIdentifier($0)) }
      .sorted { $0.number < $1.number }
  }

  // MARK: Task handles

  /// A handle on the action task numbered `number` while the store holds it: running, sleeping out a
  /// delay, queued behind its group or waiting out a throttle window. `nil` once it has ended.
  package func actionTask(numbered number: UInt64) -> ActionTask? {
    scheduler.record(numbered: number).map(ActionTask.init(record:))
  }

  /// A handle on an action task of this store that has ended with `outcome`, for one the store no longer
  /// holds: a test that asks about an action after it ended gets the same answers as a handle kept from
  /// the start.
  package nonisolated func endedActionTask(numbered number: UInt64, outcome: ActionOutcome) -> ActionTask {
    let record = TaskRecord(number: number, owner: ObjectIdentifier(self), home: home)
    record.end(outcome)
    return ActionTask(record: record)
  }

  /// Whether the store has stopped, for a test that stops it twice.
  var hasStopped: Bool { stretch.isStopped }
}
