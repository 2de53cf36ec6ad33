extension StoreActor {
  /// Cancels the oldest actions that hold a place under `id` (started and not yet cancelled, waiting, or
  /// tagged with `id`) until `kept` remain, so that a newer one can start: ``ActionPolicy/WhenFull/cancelOldest``
  /// with a limit above 1. (With a limit of 1 the whole group goes, as ``ActionPolicy/cancelPrevious(id:)``.)
  func cancelOldest(under id: CancelID, keeping kept: Int) {
    guard let group = registry.groups[id] else { return }
    // A task cancelled elsewhere (its own handle, a cancel through another of its ids) is winding down:
    // cancelling it again would free no place.
    var holders = group.uncancelled.values.filter { !$0.isCancelled } + group.queued.map(\.record)
    holders += group.tagged.values.filter { !$0.isCancelled }
    guard holders.count > kept else { return }
    holders.sort { $0.number < $1.number }
    var started: [TaskRecord] = []
    var waiting: [TaskRecord] = []
    var others: [UInt64: TaskRecord] = [:]
    for record in holders.prefix(holders.count - kept) {
      if group.uncancelled[record.number] != nil {
        started.append(record)
      } else if group.tagged[record.number] != nil {
        others[record.number] = record
      } else {
        waiting.append(record)
      }
    }
    // The registry is brought up to date before any cleanup runs: a cleanup may send or cancel.
    for record in started { registry.groups[id]?.uncancelled.removeValue(forKey: record.number) }
    if !waiting.isEmpty {
      let numbers = Set(waiting.map(\.number))
      registry.groups[id]?.queued.removeAll { numbers.contains($0.record.number) }
      registry.removeIfEmpty(id)
    }
    for record in started { cancelStarted(actionRecord(record), reason: .superseded) }
    for record in waiting { drop(actionRecord(record), reason: .superseded) }
    if !others.isEmpty { cancelTagged(others, reason: .superseded) }
  }

  /// Starts an action under a limit that waits, or queues it behind the ones already waiting.
  func wait(_ record: ActionRecord<I>, under id: CancelID, max: Int, spacing: ActionPolicy.WhenFull.Spacing?) {
    // The policy of the action being sent decides: the latest spacing holds for the group.
    if spacing != nil || registry.groups[id]?.spacing != nil {
      registry.groups[id, default: .init()].spacing = spacing
    }
    guard registry.mayStart(id, max: max) else {
      registry.groups[id, default: .init()].queued.append(.init(record: record, max: max))
      return
    }
    // The gap opens first: a handler that never suspends ends within `start`, and its end must find it.
    if let spacing, spacing.since == .start { openGap(under: id, for: spacing.duration) }
    start(record, group: id)
  }

  /// Starts the waiting actions under `id` that may start now, oldest first: while a place is free and no
  /// spacing gap is open.
  func startWaiting(under id: CancelID) {
    // No copy of the group is held while its queue changes: that would copy the queue at every start.
    while registry.groups[id]?.mayStartWaiting == true {
      let next = registry.groups[id]!.queued.removeFirst().record
      if let spacing = registry.groups[id]?.spacing, spacing.since == .start {
        openGap(under: id, for: spacing.duration)
      }
      withBoundary { start(actionRecord(next), group: id) }
    }
  }

  /// Ends a task's place in its group: starts the next waiting action, or first leaves the spacing gap.
  func leave(_ id: CancelID, _ record: ActionRecord<I>) {
    switch registry.leave(id, record.number) {
    case .nothing:
      break
    case .startWaiting:
      startWaiting(under: id)
    case .openGap(let token, let duration, let replaced):
      replaced?.cancel()
      startGapTimer(under: id, token: token, duration: duration)
    }
    if !registry.tags.isEmpty { untag(record) }
  }

  // MARK: Spacing

  /// Opens a spacing gap under `id`, replacing one still open: no waiting action starts until it closes.
  private func openGap(under id: CancelID, for duration: Duration) {
    let token = registry.nextToken()
    registry.groups[id, default: .init()].gap?.timer?.cancel()
    registry.groups[id]!.gap = .init(token: token)
    startGapTimer(under: id, token: token, duration: duration)
  }

  private func startGapTimer(under id: CancelID, token: UInt64, duration: Duration) {
    let timer = startTimer(number: intake.nextNumber(), after: duration) { $0.closeGap(under: id, token: token) }
    if registry.groups[id]?.gap?.token == token { registry.groups[id]?.gap?.timer = timer }
  }

  private func closeGap(under id: CancelID, token: UInt64) {
    guard registry.groups[id]?.gap?.token == token else { return }
    registry.groups[id]?.gap = nil
    if registry.groups[id]?.isEmpty == true {
      registry.groups[id] = nil
    } else {
      startWaiting(under: id)
    }
  }
}
