/// The store's running and waiting work: every task that outlived its first synchronous stretch, and the
/// groups of work under each cancel identifier.
///
/// Plain data, owned by the store actor; the store applies the policies on top of it.
struct TaskRegistry<I: Interactor> {
  struct Live {
    let record: ActionRecord<I>
    let task: Task<Void, Never>
  }

  /// The work under one cancel identifier.
  struct Group {
    /// Started tasks: running, or sleeping out a debounce.
    var active: [UInt64: ActionRecord<I>] = [:]
    /// Started tasks already cancelled that have not returned yet. Kept apart from `active` so that a cancel
    /// visits only live work: a burst of superseding actions in one drain would otherwise revisit every
    /// earlier one, quadratically.
    var winding: Set<UInt64> = []
    /// Serial actions waiting for the group to be idle, oldest first.
    var queued: [ActionRecord<I>] = []
    /// The open throttle window, if any.
    var window: ThrottleWindow?

    var isBusy: Bool { !active.isEmpty || !winding.isEmpty || !queued.isEmpty }
    var isEmpty: Bool { !isBusy && window == nil }
  }

  struct ThrottleWindow {
    let token: UInt64
    /// `nil` only while the timer is being started.
    var timer: Task<Void, Never>?
    var pending: ActionRecord<I>?
  }

  var live: [UInt64: Live] = [:]
  var groups: [CancelID: Group] = [:]

  mutating func join(_ id: CancelID, _ record: ActionRecord<I>) {
    groups[id, default: Group()].active[record.number] = record
  }

  /// Removes a finished task from its group and returns the next serial action to start, if the group is now idle.
  mutating func leave(_ id: CancelID, _ number: UInt64) -> ActionRecord<I>? {
    guard var group = groups.removeValue(forKey: id) else { return nil }
    group.active.removeValue(forKey: number)
    group.winding.remove(number)
    var next: ActionRecord<I>?
    if group.active.isEmpty, group.winding.isEmpty, !group.queued.isEmpty {
      next = group.queued.removeFirst()
    }
    if !group.isEmpty || next != nil { groups[id] = group }
    return next
  }

  func isBusy(_ id: CancelID) -> Bool { groups[id]?.isBusy ?? false }
}
