@testable import Actuate

/// Carries out a ``Scheduler``'s decisions as `StoreActor+Launching` does, on one thread and a simulated
/// clock, with no store and no handler tasks, so that tests can drive the scheduler through whole
/// scenarios and read what it decided.
///
/// A handler logs `start N` and runs for the duration it was sent with: one of zero returns in its first
/// stretch, one without a duration runs until the test calls ``end(_:)``. A cancelled handler returns
/// only when the test calls ``windDown()``, as a cancelled task returns once its store is free again.
///
/// Each event returns the decisions it led to, one line each (``Decision/summary(naming:)``). The
/// decisions the scheduler returned for the event itself are unindented and in order; each is followed by
/// those its carrying out returned, indented one step deeper (a handler that ended in its first stretch,
/// the actions `startWaiting` started, the timer `openWindow` armed, what a drop freed). A drop the batch
/// lookahead asked for, and a zero debounce started at its batch's end, say so in parentheses.
final class SchedulerRuntime {
  /// A command of a batch taken together, as the intake holds it.
  enum Command {
    case send(UInt64, ActionPolicy, runs: Duration?)
    case cancel(CancelID)
    case cancelMatching(@Sendable (CancelID) -> Bool)
    case cancelTask(UInt64)
  }

  enum Wake {
    case handlerReturns(UInt64)
    case delayEnds(UInt64)
    case timer(SchedulerTimer, TaskRecord)
  }

  /// A sleep on the simulated clock; sleeps due at the same time wake in the order they began, as on a
  /// `TestClock`.
  struct Sleeper {
    let deadline: Duration
    let order: Int
    let wake: Wake
  }

  var scheduler = Scheduler()
  let home = RecordHome()
  var records: [UInt64: TaskRecord] = [:]
  /// How many times the actions' records have ended, counted by each record as it ends (`counted(_:)`).
  let endings = Locked<UInt64>(0)
  /// The group each launched action was launched under, given back to the scheduler as it ends.
  var launchedUnder: [UInt64: CancelID?] = [:]
  /// How long each handler runs, once started; none for one that runs until ``end(_:)``.
  var runs: [UInt64: Duration] = [:]
  var policies: [UInt64: ActionPolicy] = [:]
  /// What a handler's `onCancel` does: run where it is cancelled, if it had started, as the store does.
  var cleanups: [UInt64: (SchedulerRuntime) -> Void] = [:]
  var log: [String] = []
  var now = Duration.zero
  var sleepers: [Sleeper] = []
  var order = 0
  /// Each timer armed so far, by its record, with what it times: a disarm carries only the record.
  var timerNames: [ObjectIdentifier: String] = [:]
  /// Every timer armed so far, oldest first.
  var armedTimers: [SchedulerTimer] = []
  var isStopped = false
  /// Whether events return their decisions as lines: the exhaustive checker, which reads none, turns it
  /// off to run faster.
  var tracesDecisions = true
  var trace: [String] = []
  var depth = 0
  var inEvent = false

  // MARK: Events

  /// Sends an action alone, a batch of one, as `Store.send` does once the store takes it.
  @discardableResult
  func send(
    _ number: UInt64, _ policy: ActionPolicy, runs duration: Duration? = nil, childNode: UInt64 = 0
  ) -> [String] {
    let record = makeRecord(number, policy, runs: duration, childNode: childNode)
    guard !isStopped else {
      record.end(.rejected)
      return []
    }
    return event {
      carryOut(scheduler.take(record, under: policy))
      startDebouncedAtBatchEnd()
    }
  }

  /// Commands that reach the store together: looked ahead, then taken in order, as the store takes a batch.
  @discardableResult
  func batch(_ commands: [Command]) -> [String] {
    event {
      var intake: [IntakeCommand] = []
      for command in commands {
        switch command {
        case .send(let number, let policy, let duration):
          let record = makeRecord(number, policy, runs: duration, childNode: 0)
          if isStopped { record.end(.rejected) } else { intake.append(.action(record)) }
        case .cancel(let id): intake.append(.cancel(id))
        case .cancelMatching(let matches): intake.append(.cancelMatching(matches))
        case .cancelTask(let number): intake.append(.cancelTask(records[number]!))
        }
      }
      if intake.count > 1 { scheduler.lookahead.look(at: intake) { policies[$0.number] } }
      for (index, command) in intake.enumerated() { take(command, at: index) }
      scheduler.lookahead.reset()
      startDebouncedAtBatchEnd()
    }
  }

  /// The handler of action `number` returns now.
  @discardableResult
  func end(_ number: UInt64) -> [String] {
    event {
      let record = records[number]!
      precondition(launchedUnder[number] != nil && !record.isDone, "#\(number) is not running")
      removeSleeps(of: number)
      if !record.isCancelled { log.append("end \(number)") }
      handlerReturned(record)
    }
  }

  /// The cancelled handlers return, in the order sent: the store is free again.
  @discardableResult
  func windDown() -> [String] {
    event {
      let cancelled = launchedUnder.keys.filter { records[$0]!.isCancelled && !records[$0]!.isDone }
      for number in cancelled.sorted() where !records[number]!.isDone { handlerReturned(records[number]!) }
    }
  }

  /// Moves the clock on, waking each sleep that falls due in turn.
  @discardableResult
  func advance(by duration: Duration) -> [String] {
    event {
      let target = now + duration
      while let index = sleepers.indices.min(by: { isBefore(sleepers[$0], sleepers[$1]) }),
        sleepers[index].deadline <= target
      {
        let sleeper = sleepers.remove(at: index)
        now = sleeper.deadline
        switch sleeper.wake {
        case .handlerReturns(let number):
          log.append("end \(number)")
          handlerReturned(records[number]!)
        case .delayEnds(let number):
          runHandler(records[number]!)
        case .timer(let timer, _):
          carryOut(scheduler.timerFired(timer))
        }
      }
      now = target
    }
  }

  @discardableResult
  func cancel(id: some Hashable & Sendable) -> [String] {
    event { carryOut(scheduler.cancel(id: CancelID(id), reason: .explicit)) }
  }

  @discardableResult
  func cancel(matching matches: (CancelID) -> Bool) -> [String] {
    event { carryOut(scheduler.cancel(matching: matches, reason: .explicit)) }
  }

  /// Cancels one action through its handle.
  @discardableResult
  func cancel(_ number: UInt64) -> [String] {
    event { carryOut(scheduler.cancel(records[number]!, reason: .explicit)) }
  }

  @discardableResult
  func cancel(children nodes: Set<UInt64>, reason: CancellationReason = .explicit) -> [String] {
    event { carryOut(scheduler.cancel(children: nodes, reason: reason)) }
  }

  @discardableResult
  func stop() -> [String] {
    event {
      guard !isStopped else { return }
      isStopped = true
      carryOut(scheduler.stop())
    }
  }

  // MARK: Reading

  func record(_ number: UInt64) -> TaskRecord { records[number]! }

  /// `record`, counting in ``endings`` each time it ends.
  func counted(_ record: TaskRecord) -> TaskRecord {
    record.onEnd { [endings] in endings.withLock { $0 += 1 } }
    return record
  }

  func outcome(_ number: UInt64) -> ActionOutcome? { records[number]?.outcome }

  /// How long until the next sleep falls due, if one is pending.
  var nextWake: Duration? { sleepers.map(\.deadline).min().map { $0 - now } }

  /// The timers armed and not yet fired or disarmed.
  var armedTimerCount: Int { sleepers.filter { if case .timer = $0.wake { true } else { false } }.count }

  /// Whether the timer of this token under `id` is armed: not fired, not disarmed.
  func isArmed(_ id: CancelID, token: UInt32) -> Bool {
    sleepers.contains {
      if case .timer(let timer, _) = $0.wake { timer.id == id && timer.token == token } else { false }
    }
  }

  /// Feeds what the runtime itself keeps of the future to `hasher`: the clock and the pending sleeps, in
  /// the order they wake. The exhaustive checker's picture of the runtime, beside the scheduler's.
  func fingerprint(into hasher: inout Hasher) {
    hasher.combine(now)
    hasher.combine(isStopped)
    for sleeper in sleepers.sorted(by: isBefore) {
      hasher.combine(sleeper.deadline)
      switch sleeper.wake {
      case .handlerReturns(let number):
        hasher.combine(0 as UInt8)
        hasher.combine(number)
      case .delayEnds(let number):
        hasher.combine(1 as UInt8)
        hasher.combine(number)
      case .timer(let timer, _):
        hasher.combine(2 as UInt8)
        hasher.combine(timer.id)
        hasher.combine(timer.token)
      }
    }
    for number in launchedUnder.keys.sorted() { hasher.combine(number) }
  }

  /// The actions launched and not ended: running, sleeping out a delay, or cancelled and winding down.
  var running: Set<UInt64> {
    Set(launchedUnder.keys.filter { !records[$0]!.isDone })
  }

  /// A runtime that goes on by itself from this one's state: new records with the same fields stand in
  /// the scheduler for the old ones. The exhaustive checker explores each state's events from copies of it
  /// rather than by replaying the events that led there (and checks, now and then, that both agree).
  /// Between events only, and with no cleanups.
  func copy() -> SchedulerRuntime {
    precondition(!inEvent && cleanups.isEmpty, "copied inside an event, or with cleanups")
    precondition(
      !scheduler.lookahead.isActive && scheduler.debouncedToBatchEnd.isEmpty, "copied while a batch is taken")
    let copy = SchedulerRuntime()
    for (number, record) in records {
      let new = copy.counted(TaskRecord(number: number, owner: ObjectIdentifier(copy.home), home: copy.home))
      if let reason = record.cancelReason { _ = new.markCancelled(reason) }
      new.hasStarted = record.hasStarted
      new.childAction = record.childAction
      new.senderNumber = record.senderNumber
      if record.isDone { new.end(record.endingOutcome) }
      copy.records[number] = new
    }
    let copied = copy.records
    func moved(_ record: TaskRecord) -> TaskRecord { copied[record.number]! }
    var scheduler = self.scheduler
    scheduler.live = scheduler.live.mapValues(moved)
    scheduler.groups = scheduler.groups.mapValues { group in
      var group = group
      group.active = group.active.mapValues(moved)
      group.uncancelled = group.uncancelled.mapValues(moved)
      group.queued = group.queued.map { WorkGroup.Waiting(record: moved($0.record), max: $0.max) }
      group.debounced = group.debounced.map(moved)
      let pending = group.window?.pending.map(moved)
      group.window?.pending = pending
      group.tagged = group.tagged.mapValues(moved)
      return group
    }
    copy.scheduler = scheduler
    copy.launchedUnder = launchedUnder
    copy.runs = runs
    copy.policies = policies
    copy.log = log
    copy.now = now
    copy.sleepers = sleepers
    copy.order = order
    copy.timerNames = timerNames
    copy.armedTimers = armedTimers
    copy.isStopped = isStopped
    copy.tracesDecisions = tracesDecisions
    return copy
  }
}
