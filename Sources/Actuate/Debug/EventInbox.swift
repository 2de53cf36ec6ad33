/// Where a logged store puts what happens to its actions, for its logger's writer to format later: the
/// store's ``StoreWatcher``.
///
/// Not generic, on purpose. A store's code runs unspecialised for an interactor of another module, and
/// building a `StoreEvent<I>` there looks up the event's type and its payloads' tuple types at run time,
/// then copies them through value witnesses: most of what logging cost the store. The life of an action
/// (taken, started, cancelled, ended) and its changes are told here with what the store already holds, the
/// action's task and the closed change, so the store's side is a lock, a clock read and an append of plain
/// values; the writer rebuilds the events from them, off the store.
final class EventInbox: StoreWatcher, @unchecked Sendable {
  // @unchecked: `pending` is locked; everything else is set once, before the store can call.

  /// What happened, and what the writer needs to rebuild the event.
  struct Item {
    enum Kind: UInt8 {
      /// An action was taken: `task`.
      case sent
      /// Its handler started: `task`.
      case started
      /// It was cancelled: `task`, `reason`.
      case cancelled
      /// It ended: `task`, `outcome`, `duration` (`nil` if the handler never started).
      case ended
      /// A change: `payload` is a ``WatchedChange``.
      case changed
      /// Anything rarer: `payload` is a boxed event.
      case other
      /// From here, events were left out because the inbox was full: `payload` is the ``LeftOutCount``.
      case leftOut
    }

    // Laid out small (40 bytes), references first: a store that runs ahead of its writer writes a backlog
    // of these to memory it has not touched yet.
    let task: WatchedTask?
    let payload: AnyObject?
    /// The wall time, in nanoseconds since 1970.
    private let nanoseconds: Int64
    /// How long the handler ran, in nanoseconds; negative if it never started.
    private let ran: Int64
    let kind: Kind
    let outcome: ActionOutcome
    let reason: CancellationReason

    init(
      kind: Kind, time: WallTime, task: WatchedTask? = nil, outcome: ActionOutcome = .completed,
      reason: CancellationReason = .explicit, duration: Duration? = nil, payload: AnyObject? = nil
    ) {
      self.task = task
      self.payload = payload
      self.nanoseconds = Int64(time.seconds) * 1_000_000_000 + Int64(time.nanoseconds)
      if let duration {
        let (seconds, attoseconds) = duration.components
        self.ran = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      } else {
        self.ran = -1
      }
      self.kind = kind
      self.outcome = outcome
      self.reason = reason
    }

    var time: WallTime {
      let (seconds, nanoseconds) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
      return WallTime(seconds: Int(seconds), nanoseconds: Int(nanoseconds))
    }

    /// How long the handler ran, `nil` if it never started.
    var duration: Duration? {
      ran < 0 ? nil : .nanoseconds(ran)
    }
  }

  private let kinds: DebugEntryKinds
  private let admits: (@Sendable (WatchedTask) -> Bool)?
  /// Whether a handler's start is kept: only a trace shows it, and only with the ends it belongs to.
  private let keepsStarts: Bool
  /// Whether an action that never started keeps its end: a trace closes its span with it; a text log has
  /// said all there is in the cancellation.
  private let keepsEndsNeverStarted: Bool
  private let now: @Sendable () -> WallTime
  private let pending = Locked(Pending())
  /// The most items that wait for the writer. Past it, items are counted and left out until the writer
  /// has taken what waits, and the log says how many it missed: a store that outruns its writer for good
  /// must not hold every record it ever handled. What the log must not lose is kept all the same: the rest
  /// of an action whose taking it shows, and the store's stop.
  private let capacity: Int
  /// Called (on the store) when the inbox goes from empty to not, or after every item when `synchronous`:
  /// the writer should come and take it.
  private let wake: @Sendable (EventInbox) -> Void
  /// Whether every item is written before the store goes on (``DebugLog/writesSynchronously``).
  private let synchronous: Bool

  /// What waits for the writer.
  private struct Pending {
    var items = ChunkedBuffer<Item>(chunkSize: 1024, maxSpares: 4)
    /// Counts what is left out since the inbox was last found full, until the writer takes its marker.
    var leftOut: LeftOutCount?
    /// Where the store's stop is, for a normal exit to wait for it (``LogExit``).
    var stop = StopProgress.running
  }

  private enum StopProgress {
    case running
    /// Asked for, and counted by ``LogExit`` until it is logged.
    case requested
    case logged
  }

  /// About a million events: a few seconds of a busy writer's work. Each holds its action's record, or a
  /// change's two states, so what that costs in memory depends on the action and the state.
  static var defaultCapacity: Int { 1 << 20 }

  /// - Parameters:
  ///   - admits: The typed action filter, asked of each action as it is taken.
  ///   - capacity: The most events that wait for the writer; at least 1.
  init(
    kinds: DebugEntryKinds, hasTrace: Bool, clock: DebugClock, admits: (@Sendable (WatchedTask) -> Bool)?,
    capacity: Int = defaultCapacity, synchronous: Bool = false, wake: @escaping @Sendable (EventInbox) -> Void
  ) {
    precondition(capacity > 0, "a debug log's inbox holds at least one event")
    self.kinds = kinds
    self.admits = admits
    self.capacity = capacity
    self.keepsStarts = hasTrace && kinds.contains(.actionEnded)
    self.keepsEndsNeverStarted = hasTrace
    self.now = clock.now
    self.wake = wake
    self.synchronous = synchronous
  }

  func actionTaken(_ task: WatchedTask) {
    if let admits, !admits(task) {
      task.presence = .leftOut
      return
    }
    guard kinds.contains(.action) else { return }
    task.presence = put(Item(kind: .sent, time: now(), task: task), essential: false) ? .shown : .leftOut
  }

  func handlerStarted(_ task: WatchedTask) {
    guard keepsStarts else { return }
    put(Item(kind: .started, time: now(), task: task), of: task)
  }

  func actionCancelled(_ task: WatchedTask, reason: CancellationReason) {
    guard kinds.contains(.cancelled) else { return }
    put(Item(kind: .cancelled, time: now(), task: task, reason: reason), of: task)
  }

  func actionEnded(_ task: WatchedTask, outcome: ActionOutcome, duration: Duration?) {
    guard kinds.contains(.actionEnded), duration != nil || keepsEndsNeverStarted else { return }
    put(Item(kind: .ended, time: now(), task: task, outcome: outcome, duration: duration), of: task)
  }

  /// Changes are kept unless the filter leaves them out, or the action whose handler made one is left out.
  func wantsChange(madeBy task: WatchedTask?) -> Bool {
    kinds.contains(.stateChange) && task?.presence != .leftOut
  }

  func changed(_ change: WatchedChange) {
    put(Item(kind: .changed, time: now(), payload: change), essential: false)
  }

  /// Boxed for the logger, if the filter keeps its kind. A warning and the stop are never left out, even
  /// when the inbox is full.
  func event<I: Interactor>(_ event: StoreEvent<I>) {
    guard let kind = event.debugKind else { return }
    if kinds.contains(kind) { other(EventBox(event), essential: kind == .stopped || kind == .warning) }
    if kind == .stopped { storeStopped() }
  }

  var takesWarnings: Bool { kinds.contains(.warning) }

  /// Any other event, boxed by the logger. `essential` for what the log must not lose even when full.
  func other(_ event: AnyObject, essential: Bool) {
    put(Item(kind: .other, time: now(), payload: event), essential: essential)
  }

  /// Puts an item about `task`'s action: none if the action is left out, and never left out if the
  /// action's taking is in the log, so that what the log shows of it ends (a trace's span closes).
  private func put(_ item: Item, of task: WatchedTask) {
    switch task.presence {
    case .leftOut: return
    case .shown: put(item, essential: true)
    case .undecided: put(item, essential: false)
    }
  }

  /// Puts `item` unless the inbox is full and it is not essential; returns whether it was put.
  @discardableResult
  private func put(_ item: Item, essential: Bool) -> Bool {
    let (wasEmpty, isPut) = pending.withLock { pending -> (Bool, Bool) in
      if pending.items.count >= capacity, !essential {
        if pending.leftOut == nil {
          // Where the log starts leaving events out, a marker that will say how many.
          let marker = LeftOutCount()
          pending.leftOut = marker
          pending.items.append(Item(kind: .leftOut, time: item.time, payload: marker))
        }
        pending.leftOut!.count += 1
        return (false, false)
      }
      let wasEmpty = pending.items.isEmpty
      pending.items.append(item)
      return (wasEmpty, true)
    }
    if wasEmpty || (synchronous && isPut) { wake(self) }
    return isPut
  }

  /// The store was asked to stop, from outside: a normal exit waits until it has logged "stopped". Asked
  /// again, or after the stop was logged, it does nothing.
  func stopRequested() {
    // Counted under the lock, so that `storeStopped()` on another thread cannot uncount it first.
    pending.withLock { pending in
      guard pending.stop == .running else { return }
      pending.stop = .requested
      LogExit.stopRequested()
    }
  }

  /// The store has stopped and put its last item, whether or not the filter keeps "stopped": whatever the
  /// writer will get from this store, it has been woken for.
  private func storeStopped() {
    pending.withLock { pending in
      if pending.stop == .requested { LogExit.stopLogged() }
      pending.stop = .logged
    }
  }

  /// Takes everything put so far, in chunks, oldest first.
  func takeAll() -> [[Item]] {
    pending.withLock { pending in
      // Counting stops for the marker taken now: events left out after this are told by a new one.
      pending.leftOut = nil
      return pending.items.takeAll()
    }
  }

  /// Room for this many items is held, used or not: nothing once the writer has caught up.
  var reservedCapacity: Int {
    pending.withLock { $0.items.reservedCapacity }
  }

  /// Takes back the chunks `takeAll()` gave, once written, so that a busy store allocates none.
  func recycle(_ chunks: inout [[Item]]) {
    // Emptied outside the lock: releasing the items' records can take a while.
    for index in chunks.indices { chunks[index].removeAll(keepingCapacity: true) }
    pending.withLock { $0.items.recycle(&chunks) }
  }
}

/// Whether a debug log shows an action: its taking was logged (`shown`), or it was left out by the typed
/// action filter or a full inbox (`leftOut`), or the log keeps no actions' takings (`undecided`). The inbox
/// keeps it as the watcher's mark on the action's task.
enum LogPresence: UInt8 {
  case undecided
  case shown
  case leftOut
}

extension WatchedTask {
  /// Whether the log shows this action.
  fileprivate var presence: LogPresence {
    get { LogPresence(rawValue: mark) ?? .undecided }
    nonmutating set { mark = newValue.rawValue }
  }
}
