/// The store's running and waiting work: every task that outlived its first synchronous stretch, and the
/// groups of work under each cancel identifier.
///
/// Plain data, owned by the store actor; the store applies the policies on top of it. Not generic: it holds
/// each action's record as its base class, so that a store's code, which runs unspecialised for an
/// interactor from another module, touches its dictionaries without looking up their types at run time.
/// Every record in it is an `ActionRecord` of its store's interactor.
struct TaskRegistry {
  struct Live {
    let record: TaskRecord
    let task: Task<Void, Never>
  }

  /// The work under one cancel identifier.
  struct Group {
    /// Started tasks: running, or sleeping out a debounce.
    var active: [UInt64: TaskRecord] = [:]
    /// The started tasks this group has not cancelled yet. A cancelled task stays active until it returns,
    /// and a burst under cancel-previous cancels before any can return: without this, each send would go
    /// over every task the burst had cancelled so far.
    var uncancelled: [UInt64: TaskRecord] = [:]
    /// Serial actions waiting for the group to be idle, oldest first.
    var queued: [TaskRecord] = []
    /// The open throttle window, if any.
    var window: ThrottleWindow?

    mutating func join(_ record: TaskRecord) {
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
    var pending: TaskRecord?
  }

  var live: [UInt64: Live] = [:]
  var groups: [CancelID: Group] = [:]

  mutating func join(_ id: CancelID, _ record: TaskRecord) {
    groups[id, default: Group()].join(record)
  }

  /// Removes a finished task from its group and returns the next serial action to start, if the group is now idle.
  mutating func leave(_ id: CancelID, _ number: UInt64) -> TaskRecord? {
    guard var group = groups.removeValue(forKey: id) else { return nil }
    group.active.removeValue(forKey: number)
    group.uncancelled.removeValue(forKey: number)
    var next: TaskRecord?
    if group.active.isEmpty, !group.queued.isEmpty {
      next = group.queued.removeFirst()
    }
    if !group.isEmpty || next != nil { groups[id] = group }
    return next
  }

  func isBusy(_ id: CancelID) -> Bool { groups[id]?.isBusy ?? false }
}
