/// Decides, for one store, when each action starts, waits, is dropped or is cancelled: every policy, every
/// cancel and every timer of the store's own goes through here, and nowhere else.
///
/// A value the store owns, in the spirit of swift-async-algorithms' state machines: each event (an action
/// taken, a task launched or ended, a cancel, a timer fired, a stop) updates the bookkeeping and returns
/// the ``Decision``s the store carries out. It runs no task and calls no handler, so it is tested on its
/// own, without a store.
///
/// Not generic: it holds each action's record as its base class, so that a store's code, which runs
/// unspecialised for an interactor of another module, touches its dictionaries without looking their
/// types up (HowItWorks.md, "Unspecialised code").
struct Scheduler {
  /// Where an action with more than one identifier sits: under its own, and tagged under the others.
  struct Tags {
    let own: CancelID
    let extras: [CancelID]
  }

  /// The tasks that outlived their first synchronous stretch, by number: what `stop()` cancels beside the
  /// groups. Their handles are the store's (`TaskRecord.handle`).
  var live: [UInt64: TaskRecord] = [:]
  var groups: [CancelID: WorkGroup] = [:]
  /// The group each started action holds a place in, by number, from its start to its end.
  var memberships: [UInt64: CancelID] = [:]
  /// The actions named by more than one identifier, by number; empty unless ``ActionPolicy/also(id:)`` is used.
  var tags: [UInt64: Tags] = [:]
  /// Zero-debounced actions of the batch being taken, started once it is taken (`nextDebounced()`).
  var debouncedToBatchEnd: [(record: TaskRecord, id: CancelID)] = []
  /// What a later command of the batch being taken decides about an earlier one. (Last but one, and the
  /// token last, so that the token sits in the lookahead's padding: an idle store is a word smaller.)
  var lookahead = BatchLookahead()
  /// The last timer's token. 32 bits, and wrapping: a timer is told from the one that replaced it by its
  /// token, and two would be taken for one only if 4,294,967,296 timers were armed while the first waited.
  var tokens: UInt32 = 0

  // MARK: Taking an action

  /// An action taken under `policy`: starts, queues, delays or drops it, cancelling what it supersedes.
  mutating func take(_ record: TaskRecord, under policy: ActionPolicy) -> Decisions {
    guard let id = policy.id else { return Decisions(.start(record, group: nil)) }
    if !policy.extraIDs.isEmpty { tag(record, own: id, extras: policy.extraIDs) }
    var decisions = Decisions()
    if let reason = policy.supersedes { cancelGroup(id, reason: reason, into: &decisions) }
    switch policy.kind {
    case .concurrent:
      decisions.append(.start(record, group: id))
    case .limit(let max, let whenFull):
      switch whenFull.rule {
      case .cancelOldest:
        // A limit of 1 superseded the whole group above.
        if max > 1 { cancelOldest(under: id, keeping: max - 1, into: &decisions) }
        decisions.append(.start(record, group: id))
      case .dropNew:
        if groups[id]?.isFull(max: max) == true {
          decisions.append(.drop(record, .alreadyRunning))
        } else {
          decisions.append(.start(record, group: id))
        }
      case .wait:
        wait(record, under: id, max: max, spacing: whenFull.spacing, into: &decisions)
      }
    case .debounce(let duration) where duration == .zero:
      // No quiet period to sleep out: it is held in its group until the batch it came in is taken, so a
      // burst sent together runs only its last action, with no trip through the global executor.
      groups[id, default: WorkGroup()].debounced = record
      debouncedToBatchEnd.append((record, id))
    case .debounce(let duration):
      decisions.append(.start(record, group: id, after: duration))
    case .throttle(let duration, let latest):
      throttle(record, id: id, window: duration, latest: latest, into: &decisions)
    }
    return decisions
  }

  /// The policy the action at `index` of the batch being taken runs under: the one the lookahead kept for
  /// it or, for a batch that was not looked ahead, `asked()`. So each action's policy is asked for once.
  ///
  /// `mutating` though it changes nothing: called in place on the store's scheduler, it copies nothing,
  /// where a non-mutating call would copy the scheduler, since `asked` might change it.
  @inline(__always)
  mutating func policy(at index: Int, asking asked: () -> ActionPolicy) -> ActionPolicy {
    guard lookahead.isActive else { return asked() }
    // The lookahead keeps a policy only under an id: any other action runs as plain `.concurrent`.
    return lookahead.policy(at: index) ?? .concurrent
  }

  /// Drops the action at `index` of the batch being taken if a later command of the batch cancels it (see
  /// ``BatchLookahead``); `nil` for an action the store takes. A dropped action never starts, but one
  /// cancelled once taken still supersedes what runs or waits under its id, as it would taken one at a time.
  mutating func dropAhead(_ record: TaskRecord, at index: Int) -> Decisions? {
    guard lookahead.isActive, let fate = lookahead.fate(at: index) else { return nil }
    var decisions = Decisions()
    if case .cancelledOnceTaken = fate, let policy = lookahead.policy(at: index), let id = policy.id,
      let superseding = policy.supersedes
    {
      cancelGroup(id, reason: superseding, into: &decisions)
    }
    decisions.append(.drop(record, fate.reason))
    return decisions
  }

  /// The next zero-debounced action of the batch just taken that nothing later in it cancelled, taken out
  /// of its group to start; `nil` once there are none. One at a time: each one's first stretch may cancel
  /// the next.
  mutating func nextDebounced() -> (record: TaskRecord, id: CancelID)? {
    while !debouncedToBatchEnd.isEmpty {
      let next = debouncedToBatchEnd.removeFirst()
      guard groups[next.id]?.debounced === next.record else { continue }
      groups[next.id]?.debounced = nil
      return next
    }
    return nil
  }

  // MARK: A task's life

  /// The store started the action's task: it joins its group before its handler runs.
  mutating func join(_ record: TaskRecord, group: CancelID) {
    groups[group, default: WorkGroup()].join(record)
    memberships[record.number] = group
  }

  /// The action's task outlived its first stretch.
  mutating func launched(_ record: TaskRecord) {
    live[record.number] = record
  }

  /// The action's handler returned (or its delay was cancelled): its place goes, and what waited for it
  /// may start.
  mutating func ended(_ record: TaskRecord) -> Decisions {
    if !live.isEmpty { live.removeValue(forKey: record.number) }
    var decisions = Decisions()
    if !memberships.isEmpty, let group = memberships.removeValue(forKey: record.number) {
      leave(group, record.number, into: &decisions)
    }
    if !tags.isEmpty { untag(record, into: &decisions) }
    return decisions
  }

  /// The store dropped the action before it started: its tags go, and what waited for them may start.
  mutating func dropped(_ record: TaskRecord) -> Decisions {
    var decisions = Decisions()
    if !tags.isEmpty { untag(record, into: &decisions) }
    return decisions
  }

  /// A timer of the store's own fired.
  mutating func timerFired(_ timer: SchedulerTimer) -> Decisions {
    var decisions = Decisions()
    switch timer.purpose {
    case .gap:
      guard groups[timer.id]?.gap?.token == timer.token else { break }
      groups[timer.id]?.gap = nil
      if groups[timer.id]?.isEmpty == true {
        groups[timer.id] = nil
      } else {
        decisions.append(.startWaiting(timer.id))
      }
    case .window(let duration):
      guard let window = groups[timer.id]?.window, window.token == timer.token else { break }
      groups[timer.id]?.window = nil
      if let pending = window.pending {
        decisions.append(.start(pending, group: timer.id))
        decisions.append(.openWindow(timer.id, duration))
      } else if groups[timer.id]?.isEmpty == true {
        groups[timer.id] = nil
      }
    }
    return decisions
  }

  /// Whether `timer` is still the one its group waits for: one cancelled meanwhile is not armed.
  func isCurrent(_ timer: SchedulerTimer) -> Bool {
    switch timer.purpose {
    case .gap: groups[timer.id]?.gap?.token == timer.token
    case .window: groups[timer.id]?.window?.token == timer.token
    }
  }

  /// The store armed `timer`, whose task runs under `record`: the record is kept, to be disarmed. Returns
  /// `false` if the timer is no longer wanted (it fired at once, or a first stretch cancelled its group
  /// meanwhile).
  mutating func armed(_ timer: SchedulerTimer, record: TaskRecord) -> Bool {
    guard isCurrent(timer) else { return false }
    switch timer.purpose {
    case .gap: groups[timer.id]?.gap?.record = record
    case .window: groups[timer.id]?.window?.record = record
    }
    return true
  }

  mutating func nextToken() -> UInt32 {
    tokens &+= 1
    return tokens
  }

  // MARK: Tags

  /// Puts an action under the identifiers its policy names beside its own, for as long as it runs or waits.
  private mutating func tag(_ record: TaskRecord, own: CancelID, extras: [CancelID]) {
    tags[record.number] = Tags(own: own, extras: extras)
    for id in extras { groups[id, default: WorkGroup()].tagged[record.number] = record }
  }

  /// Takes an action that ended out of the groups it was tagged in; what waited for it there may start.
  private mutating func untag(_ record: TaskRecord, into decisions: inout Decisions) {
    guard let tags = tags.removeValue(forKey: record.number) else { return }
    for id in tags.extras {
      guard var group = groups.removeValue(forKey: id) else { continue }
      group.tagged.removeValue(forKey: record.number)
      let mayStart = group.mayStartWaiting
      if !group.isEmpty { groups[id] = group }
      if mayStart { decisions.append(.startWaiting(id)) }
    }
  }

  // MARK: What the store asks

  /// Whether the end of a task that never outlived its first stretch may matter here: it may hold a place
  /// in a group, or names more than one identifier.
  var holdsPlaces: Bool { !memberships.isEmpty || !tags.isEmpty }

  /// The records of the tasks that have started and not ended (running, or sleeping out a delay), by number.
  var startedRecords: [UInt64: TaskRecord] {
    var records: [UInt64: TaskRecord] = [:]
    for record in live.values { records[record.number] = record }
    for group in groups.values {
      for record in group.active.values { records[record.number] = record }
    }
    return records
  }

  /// The action numbered `number` while the scheduler holds it: started, queued or held by a window.
  func record(numbered number: UInt64) -> TaskRecord? {
    if let record = live[number] { return record }
    for group in groups.values {
      if let record = group.active[number] ?? group.queued.first(where: { $0.record.number == number })?.record {
        return record
      }
      if let debounced = group.debounced, debounced.number == number { return debounced }
      if let pending = group.window?.pending, pending.number == number { return pending }
    }
    return nil
  }
}
