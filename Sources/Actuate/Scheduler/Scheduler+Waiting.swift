extension Scheduler {
  /// Starts an action under a limit that waits, or queues it behind the ones already waiting.
  mutating func wait(
    _ record: TaskRecord, under id: CancelID, max: Int, spacing: ActionPolicy.WhenFull.Spacing?,
    into decisions: inout Decisions
  ) {
    // The policy of the action being sent decides: the latest spacing holds for the group.
    if spacing != nil || groups[id]?.spacing != nil { groups[id, default: WorkGroup()].spacing = spacing }
    guard groups[id]?.mayStart(max: max) ?? true else {
      groups[id, default: WorkGroup()].queued.append(.init(record: record, max: max))
      return
    }
    // The gap opens first: a handler that never suspends ends as it starts, and its end must find it.
    if let spacing, spacing.since == .start { openGap(under: id, for: spacing.duration, into: &decisions) }
    decisions.append(.start(record, group: id))
  }

  /// The oldest waiting action under `id`, taken out of the queue to start, if one may start now (a place
  /// is free and no spacing gap is open); `nil` otherwise.
  mutating func nextWaiting(under id: CancelID) -> Decisions? {
    guard groups[id]?.mayStartWaiting == true else { return nil }
    let next = groups[id]!.queued.removeFirst().record
    var decisions = Decisions()
    if let spacing = groups[id]?.spacing, spacing.since == .start {
      openGap(under: id, for: spacing.duration, into: &decisions)
    }
    decisions.append(.start(next, group: id))
    return decisions
  }

  /// Removes a finished task from its group: the next waiting action may start, or, spaced from ends, a
  /// gap opens first.
  mutating func leave(_ id: CancelID, _ number: UInt64, into decisions: inout Decisions) {
    guard var group = groups.removeValue(forKey: id) else { return }
    group.active.removeValue(forKey: number)
    group.uncancelled.removeValue(forKey: number)
    if let spacing = group.spacing, spacing.since == .end {
      // Measured from the latest end: a gap still open starts over.
      let token = nextToken()
      if let replaced = group.gap?.record { decisions.append(.disarm(replaced)) }
      group.gap = WorkGroup.Timer(token: token)
      decisions.append(.arm(SchedulerTimer(id: id, token: token, purpose: .gap), after: spacing.duration))
    } else if group.mayStartWaiting {
      decisions.append(.startWaiting(id))
    }
    if !group.isEmpty { groups[id] = group }
  }

  /// Opens a spacing gap under `id`, replacing one still open: no waiting action starts until it closes.
  private mutating func openGap(under id: CancelID, for duration: Duration, into decisions: inout Decisions) {
    let token = nextToken()
    if let replaced = groups[id]?.gap?.record { decisions.append(.disarm(replaced)) }
    groups[id, default: WorkGroup()].gap = WorkGroup.Timer(token: token)
    decisions.append(.arm(SchedulerTimer(id: id, token: token, purpose: .gap), after: duration))
  }

  // MARK: Throttle

  /// Runs the action now and opens a window, or, in an open window, keeps it for the window's end (only
  /// the newest, with `latest`) or drops it.
  mutating func throttle(
    _ record: TaskRecord, id: CancelID, window: Duration, latest: Bool, into decisions: inout Decisions
  ) {
    guard groups[id]?.window != nil else {
      decisions.append(.start(record, group: id))
      decisions.append(.openWindow(id, window))
      return
    }
    guard latest else { return decisions.append(.drop(record, .throttled)) }
    let replaced = groups[id]?.window?.pending
    groups[id]?.window?.pending = record
    if let replaced { decisions.append(.drop(replaced, .throttled)) }
  }

  /// Opens a throttle window under `id`. Open before its timer is armed: a sleep that returns at once (a
  /// zero window on a TestClock) closes the window as it is armed, and must find it there.
  mutating func openWindow(_ id: CancelID, for duration: Duration) -> Decisions {
    let token = nextToken()
    groups[id, default: WorkGroup()].window = WorkGroup.Timer(token: token)
    return Decisions(.arm(SchedulerTimer(id: id, token: token, purpose: .window(duration)), after: duration))
  }
}
