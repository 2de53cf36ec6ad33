@testable import Actuate

extension SchedulerRuntime {
  /// Runs `body` as one event and returns the decisions it led to. An event raised from inside another
  /// (a cleanup cancelling) adds its lines to the outer one's, where they happen.
  func event(_ body: () -> Void) -> [String] {
    guard !inEvent else {
      body()
      return []
    }
    inEvent = true
    trace = []
    body()
    inEvent = false
    return trace
  }

  func makeRecord(
    _ number: UInt64, _ policy: ActionPolicy, runs duration: Duration?, childNode: UInt64
  ) -> TaskRecord {
    precondition(records[number] == nil, "#\(number) sent twice")
    let record = counted(TaskRecord(number: number, owner: ObjectIdentifier(home), home: home))
    if childNode != 0 { record.childAction = ChildAction(node: childNode, run: .none) }
    records[number] = record
    policies[number] = policy
    runs[number] = duration
    return record
  }

  /// What `StoreActor.take` does with one command of a batch.
  func take(_ command: IntakeCommand, at index: Int) {
    switch command {
    case .action(let record):
      if let decisions = scheduler.dropAhead(record, at: index) {
        // The drop is this event's own line; what it still supersedes follows it.
        for case .drop(let target, let reason) in decisions where target === record {
          note("drop #\(record.number) \(reason) (looked ahead)")
        }
        for decision in decisions {
          if case .drop(let target, let reason) = decision, target === record {
            drop(record, reason: reason)
          } else {
            carryOut(decision)
          }
        }
      } else {
        carryOut(scheduler.take(record, under: scheduler.policy(at: index) { policies[record.number]! }))
      }
    case .cancel, .cancelMatching, .cancelTask, .cancelSends:
      if let decisions = scheduler.cancel(taking: command) { carryOut(decisions) }
    case .start, .stop:
      preconditionFailure("not a command these tests send")
    }
  }

  func startDebouncedAtBatchEnd() {
    while let next = scheduler.nextDebounced() {
      note("start #\(next.record.number) in \(next.id.summary) (batch end)")
      launch(next.record, group: next.id, after: nil)
    }
  }

  func carryOut(_ decisions: Decisions) {
    for decision in decisions { carryOut(decision) }
  }

  func carryOut(_ decision: Decision) {
    note(decision.summary(naming: timerNames))
    depth += 1
    defer { depth -= 1 }
    switch decision {
    case .start(let record, let group, let delay):
      launch(record, group: group, after: delay)
    case .cancel(let record, let reason):
      cancelStarted(record, reason: reason)
    case .drop(let record, let reason):
      drop(record, reason: reason)
    case .arm(let timer, let duration):
      arm(timer, after: duration)
    case .disarm(let timer):
      removeSleeps(of: timer)
    case .startWaiting(let id):
      while let next = scheduler.nextWaiting(under: id) { carryOut(next) }
    case .openWindow(let id, let duration):
      carryOut(scheduler.openWindow(id, for: duration))
    }
  }

  func note(_ line: @autoclosure () -> String) {
    guard tracesDecisions else { return }
    trace.append(String(repeating: "  ", count: depth) + line())
  }

  /// `StoreActor.launch`: the action joins its group, then its task starts and runs its first stretch; a
  /// task that outlives it is handed to the scheduler.
  func launch(_ record: TaskRecord, group: CancelID?, after delay: Duration?) {
    if let group { scheduler.join(record, group: group) }
    launchedUnder[record.number] = .some(group)
    if record.isCancelled {
      // Cancelled before its task started: its handler never runs. Without a delay it ends in its first
      // stretch; with one, its sleep throws and it ends once the store is free (`windDown`).
      if delay == nil { handlerReturned(record) }
    } else if let delay {
      sleep(delay, .delayEnds(record.number))
    } else {
      runHandler(record)
    }
    guard !record.isDone else { return }
    scheduler.launched(record)
  }

  func runHandler(_ record: TaskRecord) {
    record.hasStarted = true
    log.append("start \(record.number)")
    guard let duration = runs[record.number] else { return }
    if duration == .zero {
      log.append("end \(record.number)")
      handlerReturned(record)
    } else {
      sleep(duration, .handlerReturns(record.number))
    }
  }

  /// `StoreActor.ended`: the record ends first, then the scheduler hears of it.
  func handlerReturned(_ record: TaskRecord) {
    record.end()
    carryOut(scheduler.ended(record))
  }

  /// `StoreActor.cancelStarted`: its sleep is cut short (it returns at `windDown`), and its cleanup runs
  /// now if its handler had started.
  func cancelStarted(_ record: TaskRecord, reason: CancellationReason) {
    guard record.markCancelled(reason) else { return }
    removeSleeps(of: record.number)
    guard record.hasStarted, reason != .childGone, let cleanup = cleanups[record.number] else { return }
    cleanup(self)
  }

  /// `StoreActor.drop`.
  func drop(_ record: TaskRecord, reason: CancellationReason) {
    guard !record.isDone else { return }
    _ = record.markCancelled(reason)
    record.end()
    carryOut(scheduler.dropped(record))
  }

  /// `StoreActor.arm`: a timer no longer wanted is not armed.
  func arm(_ timer: SchedulerTimer, after duration: Duration) {
    guard scheduler.isCurrent(timer) else { return }
    let record = TaskRecord(number: 0, owner: ObjectIdentifier(home), home: home)
    timerNames[ObjectIdentifier(record)] = timer.summary
    armedTimers.append(timer)
    sleep(duration, .timer(timer, record))
    if !scheduler.armed(timer, record: record) { removeSleeps(of: record) }
  }

  func sleep(_ duration: Duration, _ wake: Wake) {
    order += 1
    sleepers.append(Sleeper(deadline: now + duration, order: order, wake: wake))
  }

  func removeSleeps(of number: UInt64) {
    sleepers.removeAll {
      switch $0.wake {
      case .handlerReturns(let sleeping), .delayEnds(let sleeping): sleeping == number
      case .timer: false
      }
    }
  }

  func removeSleeps(of timer: TaskRecord) {
    sleepers.removeAll { if case .timer(_, let armed) = $0.wake { armed === timer } else { false } }
  }

  func isBefore(_ a: Sleeper, _ b: Sleeper) -> Bool {
    (a.deadline, a.order) < (b.deadline, b.order)
  }
}

extension ChildRun {
  /// A child's run for the scheduler's runtime, which only asks which child an action is for.
  static var none: ChildRun { ChildRun(handle: { _ in }, cleanUp: { _ in }) }
}
