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
    /// The started tasks this group has not cancelled yet. A cancelled task stays active until it returns,
    /// and a burst under cancel-previous cancels before any can return: without this, each send would go
    /// over every task the burst had cancelled so far.
    var uncancelled: [UInt64: ActionRecord<I>] = [:]
    /// Serial actions waiting for the group to be idle, oldest first.
    var queued: [ActionRecord<I>] = []
    /// The open throttle window, if any.
    var window: ThrottleWindow?

    mutating func join(_ record: ActionRecord<I>) {
      active[record.number] = record
      uncancelled[record.number] = record
    }

    var isBusy: Bool { !active.isEmpty || !queued.isEmpty }
    var isEmpty: Bool { active.isEmpty && queued.isEmpty && window == nil }
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
    groups[id, default: Group()].join(record)
  }

  /// Removes a finished task from its group and returns the next serial action to start, if the group is now idle.
  mutating func leave(_ id: CancelID, _ number: UInt64) -> ActionRecord<I>? {
    guard var group = groups.removeValue(forKey: id) else { return nil }
    group.active.removeValue(forKey: number)
    group.uncancelled.removeValue(forKey: number)
    var next: ActionRecord<I>?
    if group.active.isEmpty, !group.queued.isEmpty {
      next = group.queued.removeFirst()
    }
    if !group.isEmpty || next != nil { groups[id] = group }
    return next
  }

  func isBusy(_ id: CancelID) -> Bool { groups[id]?.isBusy ?? false }
}
