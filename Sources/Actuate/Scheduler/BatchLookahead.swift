/// What the later commands of a batch the store takes together decide about its earlier actions: a
/// ``StoreActor/cancel(id:)``, ``StoreActor/cancel(ids:where:)`` or ``ActionTask/cancel()`` sent after an
/// action, or a newer action under the same id whose policy supersedes it, cancels it before the store
/// takes it, so its handler never starts.
///
/// It saves work and never changes an outcome: an action is dropped with the reason the same commands,
/// taken one at a time, would give it, or not at all (see ``LaterCommands``). The exhaustive batch check
/// (ExhaustiveScheduleTests) holds it to that.
///
/// Also keeps each root action's policy, so it is asked for once per action: by index, when it names an
/// id. A plain `.concurrent` policy is not kept, nor is anything for an action that goes nowhere (a child
/// that is missing or refuses it) or a command that is not an action: nothing is kept for a burst of
/// concurrent actions.
struct BatchLookahead {
  /// Per command: a root action's policy under an id; shorter than the batch when its last actions name
  /// no id.
  private var policies: [ActionPolicy?] = []
  /// Per command: how a later command cancels it before it starts, if one does. Empty when no command of
  /// the batch cancels.
  private var cancelled: [Fate?] = []
  /// Whether the batch being taken was looked ahead: its actions' policies are then known, and an action
  /// with none in `policies` runs as plain `.concurrent`. (Last, so that what follows may use the padding.)
  private(set) var isActive = false

  /// How a later command of the batch cancels an action before it starts.
  enum Fate: Equatable {
    /// The command cancels it once the store has taken it: taken, it still supersedes what its policy
    /// cancels under its id, as it would one at a time.
    case cancelledOnceTaken(CancellationReason)
    /// Its sender cancelled it (``StoreActor/cancel(id:)`` in the code that sent it) before the store took
    /// it: it is never taken, and displaces nothing.
    case cancelledBeforeTaken

    var reason: CancellationReason {
      switch self {
      case .cancelledOnceTaken(let reason): reason
      case .cancelledBeforeTaken: .explicit
      }
    }
  }

  /// Looks the batch ahead. `policy` gives an action's policy as the store would run it (its child's,
  /// scoped, or the interactor's), or `nil` for one that goes nowhere.
  mutating func look(at batch: [IntakeCommand], policy: (TaskRecord) -> ActionPolicy?) {
    isActive = true
    // Whether anything in the batch can cancel an action of it: a cancel, or a policy under an id.
    var mayCancel = false
    for index in batch.indices {
      guard case .action(let taken) = batch[index] else {
        mayCancel = true
        continue
      }
      guard let policy = policy(taken), policy.id != nil else { continue }
      if policies.count < index { policies.append(contentsOf: repeatElement(nil, count: index - policies.count)) }
      policies.append(policy)
      mayCancel = true
    }
    guard mayCancel else { return }
    // Walked backwards: each action meets the commands that come after it, the nearest last.
    var later = LaterCommands()
    var fates: [Fate?]?
    for index in batch.indices.reversed() {
      switch batch[index] {
      case .cancel(let id):
        later.cancel(id, at: index)
      case .cancelMatching(let matches):
        later.matchers.append((index, matches))
      case .cancelTask(let record):
        later.tasks[ObjectIdentifier(record)] = index
      case .cancelSends(let sender, let target):
        later.senders.append((sender, target))
      case .action(let record):
        let policy = index < policies.count ? policies[index] : nil
        let fate = later.fate(of: record, under: policy)
        if let fate {
          if fates == nil { fates = Array(repeating: nil, count: batch.count) }
          fates![index] = fate
        } else {
          // Its handler may run before the commands after it are taken, and cancel what came before it
          // explicitly: a newer action's supersession then no longer tells how an earlier one ends.
          later.handlerMayRun()
        }
        // Taken, dropped or not: its own policy acts as it is taken, before any later command. One that a
        // later command cancels is kept (started or queued) when taken, whatever holds a place before it,
        // and ends as that command has it: it counts nothing.
        if let policy, fate != .cancelledBeforeTaken { later.take(policy, at: index, isDropped: fate != nil) }
      case .start, .stop:
        break
      }
    }
    if let fates { cancelled = fates }
  }

  /// How the command at `index` is cancelled before it starts, if it is.
  func fate(at index: Int) -> Fate? {
    cancelled.isEmpty ? nil : cancelled[index]
  }

  /// The policy looked up for the action at `index`: `nil` runs it as plain `.concurrent`. Only while
  /// `isActive`.
  func policy(at index: Int) -> ActionPolicy? {
    index < policies.count ? policies[index] : nil
  }

  /// The most room a buffer of the lookahead holds now, in entries.
  var capacity: Int { max(policies.capacity, cancelled.capacity) }

  /// Forgets the batch once it is taken, so a batch of one finds none, and a burst's lookahead, as long as
  /// the burst, is not kept.
  mutating func reset() {
    guard isActive else { return }
    isActive = false
    if !policies.isEmpty { policies.removeAll(keepingCapacity: policies.capacity <= BatchBuffers.keptCapacity) }
    if !cancelled.isEmpty { cancelled.removeAll(keepingCapacity: cancelled.capacity <= BatchBuffers.keptCapacity) }
  }
}

extension ActionPolicy {
  /// Why an action under this policy cancels what runs or waits under its id before it starts, if it does:
  /// the newest wins (a limit of 1 that cancels the oldest), or a debounce starts its quiet period over.
  /// The one place the scheduler and the batch lookahead read the rule from.
  var supersedes: CancellationReason? {
    switch kind {
    case .limit(1, let whenFull) where whenFull.rule == .cancelOldest: .superseded
    case .debounce: .debounced
    default: nil
    }
  }

  /// Whether taking an action under this policy always keeps it (starts, queues or holds it), and cancels
  /// nothing but what it supersedes: the lookahead may then drop it for a later command. A limit that drops
  /// the new action when full, or cancels the oldest of several, and a throttle decide by what holds a
  /// place or a window when it comes, which the lookahead does not know.
  var keepsWhenTaken: Bool {
    switch kind {
    case .concurrent, .debounce: true
    case .limit(let max, let whenFull):
      switch whenFull.rule {
      case .wait: true
      case .cancelOldest: max == 1
      case .dropNew: false
      }
    case .throttle: false
    }
  }

  /// Whether how an action under this policy is taken depends on the actions that hold a place under its
  /// id before it: every policy under an id but the concurrent one and those that supersede.
  var dependsOnPlaces: Bool {
    if case .concurrent = kind { return false }
    return supersedes == nil
  }
}
