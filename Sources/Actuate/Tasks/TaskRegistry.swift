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

  /// An action waiting for its turn under a limit that waits, with the limit it was sent under.
  struct Waiting {
    let record: TaskRecord
    /// Fewer than this many must hold a place under the id for this one to start.
    let max: Int
  }

  /// The work under one cancel identifier.
  struct Group {
    /// Started tasks: running, or sleeping out a debounce.
    var active: [UInt64: TaskRecord] = [:]
    /// The started tasks this group has not cancelled yet. A cancelled task stays active until it returns,
    /// and a burst under cancel-previous cancels before any can return: without this, each send would go
    /// over every task the burst had cancelled so far.
    var uncancelled: [UInt64: TaskRecord] = [:]
    /// Actions waiting for a place in the group, oldest first.
    var queued: [Waiting] = []
    /// The open throttle window, if any.
    var window: Timer?
    /// Actions under another identifier that also name this one (``ActionPolicy/also(id:)``), started
    /// or waiting there.
    var tagged: [UInt64: TaskRecord] = [:]
    /// The spacing the latest waiting action asked for, and the gap it keeps open now: no waiting action
    /// starts while there is one.
    var spacing: ActionPolicy.WhenFull.Spacing?
    var gap: Timer?

    mutating func join(_ record: TaskRecord) {
      active[record.number] = record
      uncancelled[record.number] = record
    }

    var isBusy: Bool { !active.isEmpty || !queued.isEmpty || !tagged.isEmpty }
    var isEmpty: Bool { active.isEmpty && queued.isEmpty && window == nil && tagged.isEmpty && gap == nil }
    /// What holds a place under a limit: started tasks (until they return) and tagged actions.
    var occupied: Int { active.count + tagged.count }

    /// The number of the oldest action in the group, to cancel groups in the order their work was sent.
    var oldestNumber: UInt64 {
      let numbers = [active.keys.min(), queued.first?.record.number, tagged.keys.min(), window?.pending?.number]
      return numbers.compactMap { $0 }.min() ?? .max
    }

    /// Whether the oldest waiting action may start now.
    var mayStartWaiting: Bool {
      guard gap == nil, let head = queued.first else { return false }
      return occupied < head.max
    }
  }

  /// A throttle window or a spacing gap: a timer on the store's clock, told apart from a later one by its token.
  struct Timer {
    let token: UInt64
    /// `nil` only while the timer is being started.
    var timer: Task<Void, Never>?
    /// For a throttle window: the newest action sent while it was open.
    var pending: TaskRecord?
  }

  /// Where an action with more than one identifier sits: under its own, and tagged under the others.
  struct Tags {
    let own: CancelID
    let extras: [CancelID]
  }

  /// What a task's end leaves its group to do.
  enum Leaving {
    case nothing
    /// Start the waiting actions that may start now.
    case startWaiting
    /// Open the spacing gap (already in the group, with this token) before the next waiting action starts,
    /// cancelling the timer of the gap it replaces.
    case openGap(token: UInt64, Duration, replacing: Task<Void, Never>?)
  }

  var live: [UInt64: Live] = [:]
  var groups: [CancelID: Group] = [:]
  /// The actions named by more than one identifier, by number; empty unless ``ActionPolicy/also(id:)`` is used.
  var tags: [UInt64: Tags] = [:]
  private var tokens: UInt64 = 0

  mutating func join(_ id: CancelID, _ record: TaskRecord) {
    groups[id, default: Group()].join(record)
  }

  mutating func nextToken() -> UInt64 {
    tokens &+= 1
    return tokens
  }

  /// Removes a finished task from its group, and says what the group does next: start the next waiting
  /// action if it may, or first leave the spacing gap after an end.
  mutating func leave(_ id: CancelID, _ number: UInt64) -> Leaving {
    guard var group = groups.removeValue(forKey: id) else { return .nothing }
    group.active.removeValue(forKey: number)
    group.uncancelled.removeValue(forKey: number)
    var leaving = Leaving.nothing
    if let spacing = group.spacing, spacing.since == .end {
      // Measured from the latest end: a gap still open starts over.
      let token = nextToken()
      let replaced = group.gap?.timer
      group.gap = Timer(token: token)
      leaving = .openGap(token: token, spacing.duration, replacing: replaced)
    } else if group.mayStartWaiting {
      leaving = .startWaiting
    }
    if !group.isEmpty { groups[id] = group }
    return leaving
  }

  /// Forgets the group under `id` if nothing is left in it.
  mutating func removeIfEmpty(_ id: CancelID) {
    if groups[id]?.isEmpty == true { groups[id] = nil }
  }

  /// Whether `max` or more actions run or wait under `id`.
  func isFull(_ id: CancelID, max: Int) -> Bool {
    guard let group = groups[id] else { return false }
    return group.occupied + group.queued.count >= max
  }

  /// Whether an action under a limit that waits may start at once: nothing waits before it, no spacing gap
  /// is open, and fewer than `max` hold a place.
  func mayStart(_ id: CancelID, max: Int) -> Bool {
    guard let group = groups[id] else { return true }
    return group.queued.isEmpty && group.gap == nil && group.occupied < max
  }
}
