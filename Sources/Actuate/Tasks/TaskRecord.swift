/// The life of one action's task (or one hook's), shared by the store and the ``ActionTask`` handle.
///
/// The store changes it on its own executor, and reads it there without a lock. What handles read from
/// anywhere (the outcome, who waits for it) is guarded by the lock of the store's ``RecordHome``, which
/// every record of the store shares: a record costs one allocation and no lock of its own.
@usableFromInline
package class TaskRecord: @unchecked Sendable {
  // @unchecked: the store-side fields are only touched on the store's executor (every cancel reaches a task
  // through its store, in order with the sends), or before the record is shared; the published fields only
  // with the home's lock held.

  /// Numbers tasks in the order their actions were sent, per store.
  package let number: UInt64
  /// The store the task belongs to, so a task-local record is never mistaken for another store's.
  package let owner: ObjectIdentifier
  /// Where ``ActionTask/cancel()`` goes, and the lock over what outside code reads of the record.
  package let home: RecordHome

  // Word-sized fields first, then the one-byte ones together, the published outcome with them: a record
  // then has no padding between its fields, which keeps an action's record a size class smaller.

  // Store-side: read and written on the store's executor only, with no lock.

  /// The task running this record's code, once it outlived its first stretch (and sits in the scheduler's
  /// `live` table, or times a group's window or gap): what cancels it. Let go as it ends, so a record never
  /// keeps a finished task.
  var handle: Task<Void, Never>?
  /// For an action that carries a child's: which child, and how the root runs it. Set once, on the store,
  /// before the action starts; let go as it ends, since the child's handler holds the child's store, which
  /// holds the root. One reference, held only by a child's action: the parent's own carry 8 bytes for it.
  var childAction: ChildAction?
  /// For an action sent by code running on the store, the number of that code's task record (a handler's,
  /// inherited by the tasks it starts, or a hook's); zero for an action sent from outside. A cancel that
  /// code makes reaches, of the actions not taken yet, only those it sent itself (`IntakeCommand.cancelSends`).
  var senderNumber: UInt64 = 0

  // Published: under the home's lock, for handles on any thread. The lock orders every access, so each skips
  // the dynamic exclusivity check.
  @exclusivity(unchecked) private var waiters: [CheckedContinuation<ActionOutcome, Never>] = []
  @exclusivity(unchecked) private var endHandlers: [@Sendable () -> Void] = []

  // Store-side, one byte each.

  /// Why the task was cancelled, once it has been; every state write asks.
  private(set) var cancelReason: CancellationReason?
  /// How the task ended, as the store knows it.
  private(set) var ended: ActionOutcome?
  /// Whether the handler has started: a cancelled handler is cleaned up only if it had.
  var hasStarted = false
  /// The store's watcher's own byte on the task (see ``WatchedTask/mark``).
  var watcherMark: UInt8 = 0

  // Published, one byte.

  /// How the task ended, as handles see it.
  @exclusivity(unchecked) private var published: ActionOutcome?

  init(number: UInt64, owner: ObjectIdentifier, home: RecordHome) {
    self.number = number
    self.owner = owner
    self.home = home
  }

  /// How the task ended, as handles see it from any thread; `nil` while it waits or runs.
  package var outcome: ActionOutcome? { home.withLock { _ in published } }
  /// For an action that carries a child's, the child's number, so that cancelling the child finds the task
  /// even when it runs in no group; zero for the parent's own actions and once the action has ended.
  var childNode: UInt64 { childAction?.node ?? 0 }
  /// Whether the task has ended. On the store only.
  var isDone: Bool { ended != nil }
  /// On the store only.
  var isCancelled: Bool { cancelReason != nil }

  /// Marks the task cancelled, keeping the first reason. Returns `false` if it had already ended or been
  /// cancelled. On the store only.
  func markCancelled(_ reason: CancellationReason) -> Bool {
    guard cancelReason == nil, ended == nil else { return false }
    cancelReason = reason
    return true
  }

  /// The outcome `end()` would give now: `.completed` unless the task was cancelled. On the store only.
  var endingOutcome: ActionOutcome {
    ended ?? cancelReason.map(ActionOutcome.cancelled) ?? .completed
  }

  /// Ends the task: `.completed` unless it was cancelled first. Returns the outcome it ended with. On the
  /// store only, or before the record is shared.
  @discardableResult
  func end(_ outcome: ActionOutcome? = nil) -> ActionOutcome {
    if let ended { return ended }
    let final = outcome ?? cancelReason.map(ActionOutcome.cancelled) ?? .completed
    ended = final
    typealias Waiting = ([CheckedContinuation<ActionOutcome, Never>], [@Sendable () -> Void])
    let (waiting, handlers) = home.withLock { shared -> Waiting in
      published = final
      if waiters.isEmpty, endHandlers.isEmpty { return ([], []) }
      defer {
        waiters = []
        endHandlers = []
      }
      return (waiters, endHandlers)
    }
    for waiter in waiting { waiter.resume(returning: final) }
    for handler in handlers { handler() }
    return final
  }

  /// Calls `handler` once the task has ended: now, if it already has.
  package func onEnd(_ handler: @escaping @Sendable () -> Void) {
    let endedAlready = home.withLock { _ in
      if published != nil { return true }
      endHandlers.append(handler)
      return false
    }
    if endedAlready { handler() }
  }

  @usableFromInline
  package func wait() async -> ActionOutcome {
    if let outcome { return outcome }
    return await withCheckedContinuation { continuation in
      let done = home.withLock { _ -> ActionOutcome? in
        if let published { return published }
        waiters.append(continuation)
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
  }
}

/// The task a store runs code for, carried by its task so state writes and sends know their cause.
@usableFromInline
package enum TaskContext {
  @TaskLocal package static var current: TaskRecord?

  /// The task-local itself, for binding it in inlinable code (`TaskStarter`).
  @usableFromInline
  static var local: TaskLocal<TaskRecord?> { $current }
}
