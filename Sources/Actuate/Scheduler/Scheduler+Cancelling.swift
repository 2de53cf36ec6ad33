extension Scheduler {
  /// Cancels everything under `id`: started tasks, queued actions, an open throttle window or spacing gap,
  /// and the actions tagged with `id` beside their own identifier.
  mutating func cancel(id: CancelID, reason: CancellationReason) -> Decisions {
    var decisions = Decisions()
    cancelGroup(id, reason: reason, into: &decisions)
    return decisions
  }

  /// A cancel taken from the intake, as its command says: by identifier, by predicate, or an action's handle
  /// (every such record is the store's own). `nil` for a command that is not a cancel.
  mutating func cancel(taking command: IntakeCommand) -> Decisions? {
    switch command {
    case .cancel(let id): cancel(id: id, reason: .explicit)
    case .cancelMatching(let matches): cancel(matching: matches, reason: .explicit)
    case .cancelTask(let record): cancel(record, reason: .explicit)
    // Its other half reached, at once, what the store had taken; what its sender sent before it and the
    // store had not taken was in this batch, and the lookahead dropped it (`Fate.cancelledBeforeTaken`).
    case .start, .action, .stop, .cancelSends: nil
    }
  }

  /// Cancels every group whose identifier matches, oldest work first.
  mutating func cancel(matching matches: (CancelID) -> Bool, reason: CancellationReason) -> Decisions {
    var decisions = Decisions()
    let ids = groups.filter { matches($0.key) }.sorted { $0.value.oldestNumber < $1.value.oldestNumber }
    for (id, _) in ids { cancelGroup(id, reason: reason, into: &decisions) }
    return decisions
  }

  /// Cancels one action, wherever it is: started, queued, or held by a throttle window.
  mutating func cancel(_ record: TaskRecord, reason: CancellationReason) -> Decisions {
    guard !record.isDone else { return Decisions() }
    for (id, group) in groups {
      if group.active[record.number] != nil {
        groups[id]?.uncancelled.removeValue(forKey: record.number)
        return Decisions(.cancel(record, reason))
      }
      if takeIfWaiting(record, under: id) { return Decisions(.drop(record, reason)) }
    }
    return Decisions(.cancel(record, reason))
  }

  /// Cancels everything, for good: every group, oldest work first, then every started task.
  mutating func stop() -> Decisions {
    var decisions = Decisions()
    let ids = groups.sorted { $0.value.oldestNumber < $1.value.oldestNumber }.map(\.key)
    for id in ids { cancelGroup(id, reason: .storeStopped, into: &decisions) }
    let started = live.values.lazy
    appendCancels(of: started, notIn: decisions, reason: .storeStopped, into: &decisions)
    debouncedToBatchEnd = []
    return decisions
  }

  // MARK: Mechanics

  mutating func cancelGroup(_ id: CancelID, reason: CancellationReason, into decisions: inout Decisions) {
    // Emptied in place, found by one lookup (a cancel-previous send comes through here every time, and each
    // lookup hashes a type-erased identifier); taken out, the group was copied whole on the way back in.
    guard let index = groups.index(forKey: id) else { return }
    let cancelled = groups.values[index].cancelAll()
    if cancelled.leftEmpty { groups.remove(at: index) }
    for timer in cancelled.timers { decisions.append(.disarm(timer)) }
    for record in cancelled.started { decisions.append(.cancel(record, reason)) }
    for record in cancelled.waiting { decisions.append(.drop(record, reason)) }
    if !cancelled.tagged.isEmpty { cancelTagged(cancelled.tagged, reason: reason, into: &decisions) }
  }

  /// Cancels the oldest actions that hold a place under `id` (started and not yet cancelled, waiting, or
  /// tagged with `id`) until `kept` remain, so that a newer one can start: ``ActionPolicy/WhenFull/cancelOldest``
  /// with a limit above 1.
  mutating func cancelOldest(under id: CancelID, keeping kept: Int, into decisions: inout Decisions) {
    guard let group = groups[id] else { return }
    // A task cancelled elsewhere (its own handle, a cancel through another of its ids) is winding down:
    // cancelling it again would free no place.
    var holders = group.uncancelled.values.filter { !$0.isCancelled } + group.queued.map(\.record)
    if let debounced = group.debounced { holders.append(debounced) }
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
    for record in started { groups[id]?.uncancelled.removeValue(forKey: record.number) }
    if !waiting.isEmpty {
      let numbers = Set(waiting.map(\.number))
      groups[id]?.queued.removeAll { numbers.contains($0.record.number) }
      if let debounced = group.debounced, numbers.contains(debounced.number) { groups[id]?.debounced = nil }
      removeIfEmpty(id)
    }
    for record in started { decisions.append(.cancel(record, .superseded)) }
    for record in waiting { decisions.append(.drop(record, .superseded)) }
    if !others.isEmpty { cancelTagged(others, reason: .superseded, into: &decisions) }
  }

  /// Cancels actions tagged with an identifier that is not their own, where they run or wait under their
  /// own: a started one cooperatively, a waiting one before it starts, so it never runs.
  private mutating func cancelTagged(
    _ tagged: [UInt64: TaskRecord], reason: CancellationReason, into decisions: inout Decisions
  ) {
    for record in tagged.values.sorted(by: { $0.number < $1.number }) {
      guard !record.isDone, let own = tags[record.number]?.own else { continue }
      if groups[own]?.uncancelled[record.number] != nil {
        groups[own]?.uncancelled.removeValue(forKey: record.number)
      } else if takeIfWaiting(record, under: own) {
        decisions.append(.drop(record, reason))
        continue
      }
      // Started, or taken and about to start: a cancelled action that has not started never will.
      decisions.append(.cancel(record, reason))
    }
  }

  /// Takes `record` out of where it waits under `id` (queued, or the action a throttle window holds), so
  /// it never starts; returns whether it waited there.
  private mutating func takeIfWaiting(_ record: TaskRecord, under id: CancelID) -> Bool {
    guard let group = groups[id] else { return false }
    if let index = group.queued.firstIndex(where: { $0.record === record }) {
      groups[id]?.queued.remove(at: index)
      removeIfEmpty(id)
      return true
    }
    if group.debounced === record {
      groups[id]?.debounced = nil
      removeIfEmpty(id)
      return true
    }
    if group.window?.pending === record {
      groups[id]?.window?.pending = nil
      return true
    }
    return false
  }

  /// Forgets the group under `id` if nothing is left in it.
  private mutating func removeIfEmpty(_ id: CancelID) {
    if groups[id]?.isEmpty == true { groups[id] = nil }
  }
}

extension Scheduler {
  /// Cancels everything the children numbered `nodes` run: every group scoped to one of them (by child,
  /// then oldest work first), then their started tasks that run in no group.
  mutating func cancel(children nodes: Set<UInt64>, reason: CancellationReason) -> Decisions {
    var decisions = Decisions()
    guard !nodes.isEmpty else { return decisions }
    let scoped = groups.filter { $0.key.childScope.map { nodes.contains($0.node) } ?? false }
      .map { (id: $0.key, node: $0.key.childScope!.node, oldest: $0.value.oldestNumber) }
      .sorted { ($0.node, $0.oldest) < ($1.node, $1.oldest) }
    for group in scoped { cancelGroup(group.id, reason: reason, into: &decisions) }
    let started = live.values.lazy.filter { nodes.contains($0.childNode) }
    appendCancels(of: started, notIn: decisions, reason: reason, into: &decisions)
    return decisions
  }

  /// Cancels the started tasks among `records` in the order they were sent, but for those `decided`
  /// already cancels: a task in a group just cancelled is also a started one.
  private func appendCancels(
    of records: some Sequence<TaskRecord>, notIn decided: Decisions, reason: CancellationReason,
    into decisions: inout Decisions
  ) {
    let cancelled = Set(
      decided.compactMap { decision -> UInt64? in
        if case .cancel(let record, _) = decision { return record.number }
        return nil
      })
    for record in records.sorted(by: { $0.number < $1.number }) where !cancelled.contains(record.number) {
      decisions.append(.cancel(record, reason))
    }
  }
}
