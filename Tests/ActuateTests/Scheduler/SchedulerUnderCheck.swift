@testable import Actuate

/// The scheduler under the checker: ``SchedulerRuntime`` carries out its decisions, ``ReferenceModel`` runs
/// beside it, and after every event the invariants are checked.
struct SchedulerUnderCheck: ExploredSystem {
  let scenario: ExhaustiveScenario
  private(set) var runtime = SchedulerRuntime()
  var model = ReferenceModel()
  /// The id of each action sent, by number.
  private(set) var ids: [String] = []
  private(set) var lastLines: [String] = []
  private let tracing: Bool

  init(_ scenario: ExhaustiveScenario, tracing: Bool) {
    self.scenario = scenario
    self.tracing = tracing
    runtime.tracesDecisions = tracing
    model.cancelledReturnWhenTold = true
  }

  var sent: Int { ids.count }

  func copy() -> SchedulerUnderCheck {
    var copy = self
    copy.runtime = runtime.copy()
    return copy
  }

  // MARK: Events

  func enabledEvents() -> [CheckedEvent] {
    var events: [CheckedEvent] = []
    let stopped = runtime.isStopped
    let room = scenario.actions - sent
    if room > 0 {
      // After a stop, one send shows that it is rejected.
      for id in stopped ? [scenario.ids[0]] : scenario.ids {
        events.append(.one(.send(id, quick: false)))
        if scenario.quickHandlers, !stopped { events.append(.one(.send(id, quick: true))) }
      }
    }
    if !stopped {
      for id in scenario.ids where hasWork(under: id) { events.append(.one(.cancel(id))) }
      if !runtime.scheduler.groups.isEmpty { events.append(.one(.cancelAll)) }
      for number in 0..<sent where !record(number).isDone && !record(number).isCancelled {
        events.append(.one(.cancelTask(number)))
      }
    }
    for number in runtime.running.sorted() where record(Int(number)).hasStarted || record(Int(number)).isCancelled {
      events.append(.end(Int(number)))
    }
    if let wake = runtime.nextWake { events.append(.advance(wake)) }
    if scenario.batches, !stopped, room > 0 {
      for first in scenario.ids {
        if room > 1 {
          for second in scenario.ids {
            events.append(.together([.send(first, quick: false), .send(second, quick: false)]))
          }
        }
        for second in scenario.ids { events.append(.together([.send(first, quick: false), .cancel(second)])) }
        events.append(.together([.send(first, quick: false), .cancelTask(sent)]))
        events.append(.together([.cancel(first), .send(first, quick: false)]))
      }
    }
    if !stopped { events.append(.stop) }
    return events
  }

  private func hasWork(under id: String) -> Bool {
    runtime.scheduler.groups[CancelID(id)] != nil || ids.indices.contains { ids[$0] == id && !record($0).isDone }
  }

  private func record(_ number: Int) -> TaskRecord { runtime.record(UInt64(number)) }

  mutating func apply(_ event: CheckedEvent, checking: Bool) -> String? {
    let before = checking ? Before(self) : nil
    lastLines = []
    switch event {
    case .one(.send(let id, let quick)):
      let job = job(to: id, quick: quick)
      model.send(job)
      lastLines += runtime.send(UInt64(job.number), job.policy, runs: quick ? .zero : nil)
    case .one(.cancel(let id)):
      model.cancel(group: id)
      lastLines += runtime.cancel(id: id)
    case .one(.cancelAll):
      for id in scenario.ids { model.cancel(group: id) }
      lastLines += runtime.cancel(matching: { _ in true })
    case .one(.cancelTask(let number)):
      model.cancel(job: number)
      lastLines += runtime.cancel(UInt64(number))
    case .end(let number):
      model.handlerReturns(number)
      lastLines += runtime.end(UInt64(number))
    case .advance(let duration):
      model.advance(by: Int(duration / ReferenceModel.tick))
      lastLines += runtime.advance(by: duration)
    case .together(let commands):
      let (modelCommands, runtimeCommands) = CheckedCommand.translate(commands, ids: scenario.ids) {
        job(to: $0, quick: $1)
      }
      model.batch(modelCommands)
      lastLines += runtime.batch(runtimeCommands)
    case .stop:
      model.stop()
      lastLines += runtime.stop()
    }
    return before.flatMap(violation(since:))
  }

  /// The next action, to `id`: its number goes to `ids` at once, so a batch numbers its sends in order.
  private mutating func job(to id: String, quick: Bool) -> ModelJob {
    defer { ids.append(id) }
    if tracing { lastLines.append("(sent as #\(sent))") }
    return ModelJob(number: sent, kind: scenario.kind, group: id, duration: quick ? 0 : ModelJob.untilEnded)
  }

  // MARK: Fingerprint

  func fingerprint(into hasher: inout Hasher) {
    hasher.combine(ids)
    runtime.fingerprint(into: &hasher)
    for number in 0..<sent {
      let record = record(number)
      hasher.combine(record.hasStarted)
      hasher.combine(record.cancelReason)
      hasher.combine(record.outcome)
      hasher.combine(runtime.scheduler.memberships[record.number])
    }
    let scheduler = runtime.scheduler
    hasher.combine(scheduler.live.keys.sorted())
    hasher.combine(scheduler.tags.keys.sorted())
    hasher.combine(scheduler.tokens)
    for (id, group) in scheduler.groups.sorted(by: { $0.key.summary < $1.key.summary }) {
      hasher.combine(id)
      hasher.combine(group.active.keys.sorted())
      hasher.combine(group.uncancelled.keys.sorted())
      for waiting in group.queued {
        hasher.combine(waiting.record.number)
        hasher.combine(waiting.max)
      }
      hasher.combine(group.debounced?.number)
      for timer in [group.window, group.gap] {
        hasher.combine(timer?.token)
        hasher.combine(timer?.record != nil)
        hasher.combine(timer?.pending?.number)
      }
      hasher.combine(group.tagged.keys.sorted())
    }
    model.fingerprint(into: &hasher)
  }
}

// MARK: Invariants

extension SchedulerUnderCheck {
  /// What the invariants need to know of the state before an event.
  struct Before {
    let logCount: Int
    let stopped: Bool
    /// Actions cancelled or dropped, or ended, before the event.
    let cancelledOrDone: Set<Int>
    let started: Set<Int>

    init(_ system: SchedulerUnderCheck) {
      logCount = system.runtime.log.count
      stopped = system.runtime.isStopped
      cancelledOrDone = Set((0..<system.sent).filter { system.record($0).isCancelled || system.record($0).isDone })
      started = Set((0..<system.sent).filter { system.record($0).hasStarted })
    }
  }

  /// The first invariant the event broke, if any.
  func violation(since before: Before) -> String? {
    if let disagreement = SchedulerModelTests.disagreement(between: runtime, and: model) {
      return "the reference model disagrees: \(disagreement)"
    }
    return startsKeepTheRules(since: before) ?? everyActionEndsOnce() ?? memoryIsBoundedByLiveWork()
      ?? policyCapsHold() ?? nothingLivesAfterStop()
  }

  /// No start after a cancel, a drop, an end or a stop; one start per action; under each id, starts in the
  /// order sent.
  private func startsKeepTheRules(since before: Before) -> String? {
    var maxStarted: [String: Int] = [:]
    for number in before.started { maxStarted[ids[number]] = max(maxStarted[ids[number]] ?? -1, number) }
    var startedNow: Set<Int> = []
    for line in runtime.log[before.logCount...] where line.hasPrefix("start ") {
      let number = Int(line.dropFirst(6))!
      if before.cancelledOrDone.contains(number) {
        return "#\(number) started after it was cancelled, dropped or ended"
      }
      if before.stopped { return "#\(number) started after stop" }
      if before.started.contains(number) || !startedNow.insert(number).inserted { return "#\(number) started twice" }
      let id = ids[number]
      if let previous = maxStarted[id], previous > number {
        return "#\(number) started under \(id) after #\(previous), sent later"
      }
      maxStarted[id] = number
    }
    return nil
  }

  /// Each action ends once (its record counts each ending), and one not yet ended is somewhere: running,
  /// or held by the scheduler. One that ended is held nowhere.
  private func everyActionEndsOnce() -> String? {
    let done = (0..<sent).filter { record($0).isDone }
    let endings = runtime.endings.withLock { $0 }
    let running = runtime.running
    if endings != UInt64(done.count) { return "\(endings) endings for \(done.count) actions ended" }
    let scheduler = runtime.scheduler
    for number in 0..<sent {
      let held =
        scheduler.record(numbered: UInt64(number)) != nil || scheduler.live[UInt64(number)] != nil
        || scheduler.tags[UInt64(number)] != nil
      if record(number).isDone {
        if held { return "#\(number) ended, yet the scheduler holds it" }
        if running.contains(UInt64(number)) { return "#\(number) ended, yet it runs" }
      } else if !held && !running.contains(UInt64(number)) {
        return "#\(number) is lost: not ended, not running, not held"
      }
    }
    return nil
  }

  /// The scheduler keeps nothing for work that is over: no empty group, no ended record, no timer it does
  /// not wait for, no batch state between events; and nothing at all once no work is live.
  private func memoryIsBoundedByLiveWork() -> String? {
    let scheduler = runtime.scheduler
    if scheduler.lookahead.isActive || !scheduler.debouncedToBatchEnd.isEmpty {
      return "batch state kept after the batch"
    }
    var timers = 0
    for (id, group) in scheduler.groups {
      if group.isEmpty { return "the empty group \(id.summary) is kept" }
      if !Set(group.uncancelled.keys).isSubset(of: group.active.keys) {
        return "group \(id.summary): an uncancelled task that is not active"
      }
      for (kind, timer) in [("window", group.window), ("gap", group.gap)] {
        guard let timer else { continue }
        timers += 1
        if !runtime.isArmed(id, token: timer.token) {
          return "group \(id.summary) waits for a \(kind) no timer will close"
        }
      }
    }
    if timers != runtime.armedTimerCount {
      return "\(runtime.armedTimerCount) timers armed, \(timers) waited for"
    }
    let idle = (0..<sent).allSatisfy { record($0).isDone } && runtime.armedTimerCount == 0
    if idle, !(scheduler.live.isEmpty && scheduler.groups.isEmpty && scheduler.tags.isEmpty) {
      return "no work is live, yet the scheduler holds \(scheduler.live.count) tasks, \(scheduler.groups.count) groups"
    }
    return nil
  }

  /// Under each id, no more actions hold a place, or run uncancelled, than the policy lets.
  private func policyCapsHold() -> String? {
    let caps = scenario.caps
    for id in scenario.ids {
      let launched = runtime.running.filter { ids[Int($0)] == id }
      if let cap = caps.held, launched.count > cap { return "\(launched.count) actions hold a place under \(id)" }
      let uncancelled = launched.filter { !record(Int($0)).isCancelled }
      if let cap = caps.uncancelled, uncancelled.count > cap {
        return "\(uncancelled.count) actions run uncancelled under \(id)"
      }
    }
    return nil
  }

  /// After a stop: every action not ended is cancelled, nothing waits, no timer is armed; once the
  /// cancelled handlers have returned, every action has ended and the scheduler holds nothing.
  private func nothingLivesAfterStop() -> String? {
    guard runtime.isStopped else { return nil }
    if let number = (0..<sent).first(where: { !record($0).isDone && !record($0).isCancelled }) {
      return "#\(number) lives on, uncancelled, after stop"
    }
    if runtime.armedTimerCount > 0 { return "a timer is armed after stop" }
    let scheduler = runtime.scheduler
    if scheduler.groups.values.contains(where: { !$0.queued.isEmpty || $0.debounced != nil || $0.window != nil }) {
      return "an action waits after stop"
    }
    if runtime.running.isEmpty {
      if let number = (0..<sent).first(where: { !record($0).isDone }) { return "#\(number) never ended" }
      if !(scheduler.live.isEmpty && scheduler.groups.isEmpty && scheduler.tags.isEmpty) {
        return "stopped and wound down, yet the scheduler holds something"
      }
    }
    return nil
  }
}
