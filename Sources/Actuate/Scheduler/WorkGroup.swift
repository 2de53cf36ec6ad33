/// The work under one cancel identifier: what the scheduler keeps for it.
struct WorkGroup {
  /// An action waiting for its turn under a limit that waits, with the limit it was sent under.
  struct Waiting {
    let record: TaskRecord
    /// Fewer than this many must hold a place under the id for this one to start.
    let max: Int
  }

  /// A throttle window or a spacing gap, told apart from a later one by its token.
  struct Timer {
    let token: UInt32
    /// The record the timer's task runs under, whose handle disarms it; `nil` until the store has armed it.
    var record: TaskRecord?
    /// For a throttle window: the newest action sent while it was open.
    var pending: TaskRecord?
  }

  /// Started tasks: running, or sleeping out a debounce.
  var active: [UInt64: TaskRecord] = [:]
  /// The started tasks this group has not cancelled yet. A cancelled task stays active until it returns,
  /// and a burst under cancel-previous cancels before any can return: without this, each send would go
  /// over every task the burst had cancelled so far.
  var uncancelled: [UInt64: TaskRecord] = [:]
  /// Actions waiting for a place in the group, oldest first.
  var queued: [Waiting] = []
  /// A zero-debounced action, held until the batch it came in is taken. It holds a place as a debounce
  /// sleeping out its quiet period does, but is not queued: nothing waits behind it, and no end in its
  /// group starts it before its batch is taken.
  var debounced: TaskRecord?
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

  /// What a cancel of the whole group reaches: its started tasks not cancelled yet, in the order sent; what
  /// waits to start (queued, a held zero debounce, a throttle's pending action); the timers to disarm; and
  /// the actions tagged with its id, which their own groups cancel.
  struct Cancelled {
    var started: [TaskRecord]
    var waiting: [TaskRecord]
    var timers: [TaskRecord]
    var tagged: [UInt64: TaskRecord]
    /// Whether the group holds nothing after it, and is to be forgotten: asked here, in place, since reading
    /// the group out of its table copies it whole.
    var leftEmpty = false
  }

  /// Cancels everything the group holds: returns it, and keeps only the started tasks winding down.
  mutating func cancelAll() -> Cancelled {
    var cancelled = Cancelled(
      started: uncancelled.values.sorted(by: { $0.number < $1.number }), waiting: queued.map(\.record),
      timers: [], tagged: tagged)
    if let debounced { cancelled.waiting.append(debounced) }
    if let pending = window?.pending { cancelled.waiting.append(pending) }
    if let timer = window?.record { cancelled.timers.append(timer) }
    if let timer = gap?.record { cancelled.timers.append(timer) }
    uncancelled = [:]
    queued = []
    debounced = nil
    window = nil
    gap = nil
    // The spacing goes with the gap: a cancelled task that returns later must not open a new one. The next
    // action that waits under the id sets it again.
    spacing = nil
    cancelled.leftEmpty = isEmpty
    return cancelled
  }

  /// An empty group is forgotten at once: identifiers may be as many as the actions.
  var isEmpty: Bool {
    active.isEmpty && queued.isEmpty && debounced == nil && window == nil && tagged.isEmpty && gap == nil
  }
  /// What holds a place under a limit: started tasks (until they return), a held zero debounce and tagged
  /// actions.
  var occupied: Int { active.count + tagged.count + (debounced == nil ? 0 : 1) }

  /// The number of the oldest action in the group, to cancel groups in the order their work was sent.
  var oldestNumber: UInt64 {
    let numbers = [
      active.keys.min(), queued.first?.record.number, debounced?.number, tagged.keys.min(), window?.pending?.number,
    ]
    return numbers.compactMap { $0 }.min() ?? .max
  }

  /// Whether `max` or more actions run or wait here.
  func isFull(max: Int) -> Bool {
    occupied + queued.count >= max
  }

  /// Whether an action under a limit that waits may start at once: nothing waits before it, no spacing gap
  /// is open, and fewer than `max` hold a place.
  func mayStart(max: Int) -> Bool {
    queued.isEmpty && gap == nil && occupied < max
  }

  /// Whether the oldest waiting action may start now.
  var mayStartWaiting: Bool {
    guard gap == nil, let head = queued.first else { return false }
    return occupied < head.max
  }
}
