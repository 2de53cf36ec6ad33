/// Where a logged store puts what happens to its actions, for its logger's writer to format later.
///
/// Not generic, on purpose. A store's code runs unspecialised for an interactor of another module, and
/// building a `StoreEvent<I>` there looks up the event's type and its payloads' tuple types at run time,
/// then copies them through value witnesses: most of what logging cost the store. The life of an action
/// (taken, started, cancelled, ended) and its changes are told here with what the store already holds, the
/// action's record and the closed batch, so the store's side is a lock, a clock read and an append of
/// plain values; the writer rebuilds the events from them, off the store.
final class EventInbox: @unchecked Sendable {
  // @unchecked: `pending` is locked; everything else is set once, before the store can call.

  /// What happened, and what the writer needs to rebuild the event.
  struct Item {
    enum Kind: UInt8 {
      /// An action was taken: `record`.
      case sent
      /// Its handler started: `record`.
      case started
      /// It was cancelled: `record`, `reason`.
      case cancelled
      /// It ended: `record`, `outcome`, `duration` (`nil` if the handler never started).
      case finished
      /// A change: `payload` is a ``PublishedChange``.
      case changed
      /// Anything rarer: `payload` is a boxed event.
      case other
    }

    // Laid out small (40 bytes), references first: a store that runs ahead of its writer writes a backlog
    // of these to memory it has not touched yet.
    var record: TaskRecord?
    var payload: AnyObject?
    /// The wall time, in nanoseconds since 1970.
    private let nanoseconds: Int64
    /// How long the handler ran, in nanoseconds; negative if it never started.
    private let ran: Int64
    let kind: Kind
    let outcome: ActionOutcome
    let reason: CancellationReason

    init(
      kind: Kind, time: WallTime, record: TaskRecord? = nil, outcome: ActionOutcome = .finished,
      reason: CancellationReason = .explicit, duration: Duration? = nil, payload: AnyObject? = nil
    ) {
      self.record = record
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
  /// Whether a handler's start is kept: only a trace shows it, and only with the ends it belongs to.
  private let keepsStarts: Bool
  /// Whether an action that never started keeps its end: a trace closes its span with it; a text log has
  /// said all there is in the cancellation.
  private let keepsEndsNeverStarted: Bool
  private let now: @Sendable () -> WallTime
  private let pending = Locked(Pending())
  /// The most items that wait for the writer. Past it, items are counted and left out until the writer
  /// has taken what waits, and the log says how many it missed: a store that outruns its writer for good
  /// must not hold every record it ever handled.
  private let capacity: Int
  /// Called (on the store) when the inbox goes from empty to not: the writer should come and take it.
  private let wake: @Sendable (EventInbox) -> Void

  /// What waits for the writer.
  private struct Pending {
    var items = ChunkedBuffer<Item>(chunkSize: 1024, maxSpares: 4)
    /// Items left out since the writer last took the inbox, because it was full.
    var leftOut = 0
  }

  /// A million items: several seconds of a busy writer's work, and a hundred-odd megabytes at most.
  static var defaultCapacity: Int { 1 << 20 }

  init(
    kinds: DebugEntryKinds, hasTrace: Bool, clock: DebugClock, capacity: Int = defaultCapacity,
    wake: @escaping @Sendable (EventInbox) -> Void
  ) {
    self.kinds = kinds
    self.capacity = capacity
    self.keepsStarts = hasTrace && kinds.contains(.handlerFinished)
    self.keepsEndsNeverStarted = hasTrace
    self.now = clock.now
    self.wake = wake
  }

  func sent(_ record: TaskRecord) {
    guard kinds.contains(.action) else { return }
    put(Item(kind: .sent, time: now(), record: record))
  }

  func started(_ record: TaskRecord) {
    guard keepsStarts else { return }
    put(Item(kind: .started, time: now(), record: record))
  }

  func cancelled(_ record: TaskRecord, reason: CancellationReason) {
    guard kinds.contains(.cancelled) else { return }
    put(Item(kind: .cancelled, time: now(), record: record, reason: reason))
  }

  func finished(_ record: TaskRecord, outcome: ActionOutcome, duration: Duration?) {
    guard kinds.contains(.handlerFinished), duration != nil || keepsEndsNeverStarted else { return }
    put(Item(kind: .finished, time: now(), record: record, outcome: outcome, duration: duration))
  }

  /// Whether changes are kept: if not, the store need not box the new state.
  var keepsChanges: Bool { kinds.contains(.stateChange) }

  /// Whether entries of `kind` are kept, so the store boxes no event that would be dropped.
  func keeps(_ kind: DebugEntryKind) -> Bool { kinds.contains(kind) }

  func changed(_ change: PublishedChange) {
    put(Item(kind: .changed, time: now(), payload: change))
  }

  /// Any other event, boxed by the logger, which has filtered it by kind.
  func other(_ event: AnyObject) {
    put(Item(kind: .other, time: now(), payload: event))
  }

  private func put(_ item: Item) {
    let wasEmpty = pending.withLock { pending in
      guard pending.items.count < capacity else {
        pending.leftOut += 1
        return false
      }
      let wasEmpty = pending.items.isEmpty && pending.leftOut == 0
      pending.items.append(item)
      return wasEmpty
    }
    if wasEmpty { wake(self) }
  }

  /// Takes everything put so far, in chunks, oldest first, and how many items were left out after them
  /// because the inbox was full.
  func takeAll() -> (chunks: [[Item]], leftOut: Int) {
    pending.withLock { pending in
      defer { pending.leftOut = 0 }
      return (pending.items.takeAll(), pending.leftOut)
    }
  }

  /// Takes back the chunks `takeAll()` gave, once written, so that a busy store allocates none.
  func recycle(_ chunks: inout [[Item]]) {
    // Emptied outside the lock: releasing the items' records can take a while.
    for index in chunks.indices { chunks[index].removeAll(keepingCapacity: true) }
    pending.withLock { $0.items.recycle(&chunks) }
  }
}

/// A change as the store published it: its batch (the state before, and the cause) and the state after.
/// The subclass holds the state, so the store's side stays out of generic code but for one box.
class PublishedChange: @unchecked Sendable {
  // @unchecked: immutable once made; the batch is closed and never written again.
  let batch: Batch

  init(batch: Batch) {
    self.batch = batch
  }
}

final class PublishedState<State>: PublishedChange, @unchecked Sendable {
  let new: State

  init(batch: Batch, new: State) {
    self.new = new
    super.init(batch: batch)
  }
}

/// A rarer event, boxed so the inbox stays non-generic.
final class EventBox<I: Interactor>: @unchecked Sendable {
  // @unchecked: immutable; the event is `Sendable`.
  let event: StoreEvent<I>

  init(_ event: StoreEvent<I>) {
    self.event = event
  }
}
