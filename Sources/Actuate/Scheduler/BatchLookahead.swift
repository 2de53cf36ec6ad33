/// What the later commands of a batch the store takes together decide about its earlier actions: a
/// ``StoreActor/cancel(id:)``, ``StoreActor/cancel(ids:where:)`` or ``ActionTask/cancel()`` sent after an
/// action, or a newer action under the same id whose policy supersedes it, cancels it before the store
/// takes it, so its handler never starts.
///
/// Also keeps each root action's policy, so it is asked for once per action: by index, when it names an
/// id. A plain `.concurrent` policy is not kept, nor is anything for an action that goes nowhere (a child
/// that is missing or refuses it) or a command that is not an action: nothing is kept for a burst of
/// concurrent actions.
struct BatchLookahead {
  /// Whether the batch being taken was looked ahead: its actions' policies are then known, and an action
  /// with none in `policies` runs as plain `.concurrent`.
  private(set) var isActive = false
  /// Per command: a root action's policy under an id; shorter than the batch when its last actions name
  /// no id.
  private var policies: [ActionPolicy?] = []
  /// Per command: the reason a later command cancels it before it starts, if one does. Empty when no
  /// command of the batch cancels.
  private var cancelled: [CancellationReason?] = []

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
    // Walked backwards: each action meets the cancels that come after it.
    var cancelledIDs: [CancelID: CancellationReason] = [:]
    // How many of `cancelledIDs` a newer action's policy put there, rather than a cancel command.
    var superseded = 0
    var cancelledTasks: Set<ObjectIdentifier> = []
    var matchers: [@Sendable (CancelID) -> Bool] = []
    // Cancels made by code on the store, each reaching only what that code sent before it.
    var sendersCancels: [(sender: UInt64, target: CancelTarget)] = []
    var reasons: [CancellationReason?]?
    for index in batch.indices.reversed() {
      switch batch[index] {
      case .cancel(let id):
        cancelledIDs[id] = .explicit
      case .cancelMatching(let matches):
        matchers.append(matches)
      case .cancelTask(let record):
        cancelledTasks.insert(ObjectIdentifier(record))
      case .cancelSends(let sender, let target):
        sendersCancels.append((sender, target))
      case .action(let record):
        let policy = index < policies.count ? policies[index] : nil
        var reason: CancellationReason? =
          cancelledTasks.contains(ObjectIdentifier(record)) ? .explicit : nil
        if reason == nil, let policy, policy.id != nil, !cancelledIDs.isEmpty || !matchers.isEmpty {
          reason = Self.reason(cancelling: policy, ids: cancelledIDs, matchers: matchers)
        }
        if reason == nil, let policy, policy.id != nil, !sendersCancels.isEmpty {
          reason = Self.reason(cancelling: policy, sentBy: record.senderNumber, cancels: sendersCancels)
        }
        if let reason {
          if reasons == nil { reasons = Array(repeating: nil, count: batch.count) }
          reasons![index] = reason
        } else {
          // This action's handler may run before the commands after it are taken, and cancel what came
          // before it, explicitly: a newer action's supersession then no longer tells how an earlier one
          // ends. A cancel command still does (a handler's cancel is explicit too).
          if superseded > 0 {
            cancelledIDs = cancelledIDs.filter { $0.value == .explicit }
            superseded = 0
          }
          if let policy, let id = policy.id, let superseding = policy.supersedes {
            // An action cancelled before it starts supersedes nothing: it never happened. A limit above 1
            // that cancels the oldest is not looked ahead: whether it cancels depends on how many hold a
            // place when it comes, and handlers that end in their first stretch free theirs.
            if cancelledIDs[id] == nil || cancelledIDs[id] == .explicit { superseded += 1 }
            cancelledIDs[id] = superseding
          }
        }
      case .start, .stop:
        break
      }
    }
    if let reasons { cancelled = reasons }
  }

  /// Why the command at `index` is cancelled before it starts, if it is.
  func cancelReason(at index: Int) -> CancellationReason? {
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

  /// Why a later cancel of the batch reaches an action under `policy`: through its own identifier or any
  /// other it names, by id or by a matching predicate.
  private static func reason(
    cancelling policy: ActionPolicy, ids: [CancelID: CancellationReason], matchers: [@Sendable (CancelID) -> Bool]
  ) -> CancellationReason? {
    for id in CollectionOfOne(policy.id!) + policy.extraIDs {
      if let reason = ids[id] { return reason }
      if matchers.contains(where: { $0(id) }) { return .explicit }
    }
    return nil
  }

  /// Why a cancel made by code on the store reaches an action under `policy` that `sender` sent: only the
  /// cancels of that same code do.
  private static func reason(
    cancelling policy: ActionPolicy, sentBy sender: UInt64, cancels: [(sender: UInt64, target: CancelTarget)]
  ) -> CancellationReason? {
    for cancel in cancels where cancel.sender == sender {
      for id in CollectionOfOne(policy.id!) + policy.extraIDs {
        switch cancel.target {
        case .id(let cancelled) where cancelled == id: return .explicit
        case .matching(let matches) where matches(id): return .explicit
        default: continue
        }
      }
    }
    return nil
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
}
