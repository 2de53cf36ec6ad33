/// The life of one action's task (or one hook's), shared by the store and the ``ActionTask`` handle.
///
/// The store changes it on its own executor, and reads it there without a lock. What handles read from
/// anywhere (the outcome, who waits for it) is guarded by the lock of the store's ``RecordHome``, which
/// every record of the store shares: a record costs one allocation and no lock of its own.
@usableFromInline
package class TaskRecord: @unchecked Sendable {
  // @unchecked: the store-side fields are only touched on the store's executor (every cancel reaches a task
  // through its store, in order with the sends), or before the record is shared; the published fields only
  // with `home.lock` held.

  /// Numbers tasks in the order their actions were sent, per store.
  package let number: UInt64
  /// The store the task belongs to, so a task-local record is never mistaken for another store's.
  package let owner: ObjectIdentifier
  /// Where ``ActionTask/cancel()`` goes, and the lock over what outside code reads of the record.
  package let home: RecordHome

  // Store-side: read and written on the store's executor only, with no lock.

  /// Why the task was cancelled, once it has been; every state write asks.
  private(set) var cancelReason: CancellationReason?
  /// How the task ended, as the store knows it.
  private(set) var ended: ActionOutcome?
  /// Whether the handler has started: a cancelled handler is cleaned up only if it had.
  var hasStarted = false
  /// Whether the task outlived its first stretch and sits in the scheduler's `live` table.
  var isLive = false
  /// Whether the task holds a place in a group: `group != nil`, asked as every task ends without copying
  /// the identifier.
  var isGrouped = false
  /// The group the task holds a place in, from its start to its end; set by the scheduler.
  var group: CancelID?
  /// For an action that carries a child's: the child's number, so that cancelling the child finds the task
  /// even when it runs in no group. Zero for the parent's own actions.
  var childNode: UInt64 = 0
  /// The store's watcher's own byte on the task (see ``WatchedTask/mark``).
  var watcherMark: UInt8 = 0

  // Published: under `home.lock`, for handles on any thread. The lock orders every access, so each skips
  // the dynamic exclusivity check.
  @exclusivity(unchecked) private var published: ActionOutcome?
  @exclusivity(unchecked) private var waiters: [CheckedContinuation<ActionOutcome, Never>] = []
  @exclusivity(unchecked) private var endHandlers: [@Sendable () -> Void] = []

  init(number: UInt64, owner: ObjectIdentifier, home: RecordHome) {
    self.number = number
    self.owner = owner
    self.home = home
  }

  /// How the task ended, as handles see it from any thread; `nil` while it waits or runs.
  package var outcome: ActionOutcome? { home.lock.withLock { _ in published } }
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

  /// The outcome `end()` would give now: `.finished` unless the task was cancelled. On the store only.
  var endingOutcome: ActionOutcome {
    ended ?? cancelReason.map(ActionOutcome.cancelled) ?? .finished
  }

  /// Ends the task: `.finished` unless it was cancelled first. Returns the outcome it ended with. On the
  /// store only, or before the record is shared.
  @discardableResult
  func end(_ outcome: ActionOutcome? = nil) -> ActionOutcome {
    if let ended { return ended }
    let final = outcome ?? cancelReason.map(ActionOutcome.cancelled) ?? .finished
    ended = final
    typealias Waiting = ([CheckedContinuation<ActionOutcome, Never>], [@Sendable () -> Void])
    let (waiting, handlers) = home.lock.withLock { endings -> Waiting in
      endings &+= 1
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
    let endedAlready = home.lock.withLock { _ in
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
      let done = home.lock.withLock { _ -> ActionOutcome? in
        if let published { return published }
        waiters.append(continuation)
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
  }
}

/// What every record of one store shares: the way back to the store, and one lock for what outside code
/// reads of them. One per root store, so a record needs no lock and no weak reference of its own.
package final class RecordHome: @unchecked Sendable {
  // @unchecked: `keeper` is set once, as the store is made, before anything can read it.

  /// The ``Store`` that holds the store actor, weakly, so a handle kept after its store is gone keeps
  /// nothing alive. Not the actor itself: a weak reference gives its object a side table, which makes
  /// every retain and release of it slower, and the actor is retained several times per action. Once the
  /// `Store` is gone its actor has stopped, and there is nothing left to cancel.
  private weak var keeper: (any StoreKeeper)?
  /// Guards the published fields of every record of the store. Its own value counts the records ended so
  /// far: a lock over an empty value would share its address with that value, and ThreadSanitizer reads
  /// the lock's own accesses and the value's as a race.
  let lock = Locked<UInt64>(0)
  /// What the store has handed its tasks and which of them sleep on a clock: whether the store is idle.
  package let deliveries = DeliveryTracker()

  init() {}

  /// Where ``ActionTask/cancel()`` goes.
  package var store: (any TaskOwner)? { keeper?.taskOwner }

  func attach(_ keeper: some StoreKeeper) {
    self.keeper = keeper
  }
}

/// What holds a root store actor for outside code: ``Store``.
protocol StoreKeeper: AnyObject, Sendable {
  var taskOwner: any TaskOwner { get }
}

/// The record of one action: the action travels with it through the intake, the policies and the handler.
@usableFromInline
final class ActionRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  @usableFromInline let action: I.Action
  /// What sent this action from inside the store, or `nil` when it came from outside. A description, not
  /// the sender's record: a record that kept its sender would keep a whole chain of self-sends alive.
  /// Held as a reference of a type that is not generic, so that a send with nobody observing (the
  /// description is then `.unknown`, one shared note) copies no generic value.
  private let sentBy: SenderNote?
  /// For an action that carries a child's: the child's handler, which runs instead of the parent's, and its
  /// cleanup. Set once, on the store, before the action starts.
  var childRun: ChildRun?
  /// For ``Store/sendAndWait(_:reading:)``: reads the state as the action ends, on the store, before anyone
  /// waiting for the end is resumed.
  let reader: (@Sendable (I.State) -> Void)?

  init(
    number: UInt64, owner: StoreActor<I>, action: I.Action, sentBy: SenderNote?,
    reader: (@Sendable (I.State) -> Void)? = nil
  ) {
    self.action = action
    self.sentBy = sentBy
    self.reader = reader
    super.init(number: number, owner: ObjectIdentifier(owner), home: owner.home)
  }

  /// What sent this action: `nil` from outside, `.unknown` when nobody observed the store at the time.
  var sender: StoreCause<I>? {
    guard let sentBy else { return nil }
    if sentBy === SenderNote.unknown { return .unknown }
    return unsafeDowncast(sentBy, to: DescribedSender<I>.self).cause
  }
}

/// The description of an action's sender that its record keeps.
@usableFromInline
class SenderNote: @unchecked Sendable {
  // @unchecked: immutable; the subclass holds a `Sendable` cause.

  /// The sender of an action sent while nobody observed the store.
  static let unknown = SenderNote()

  static func note<I: Interactor>(_ cause: StoreCause<I>) -> SenderNote {
    if case .unknown = cause { return unknown }
    return DescribedSender(cause)
  }
}

final class DescribedSender<I: Interactor>: SenderNote, @unchecked Sendable {
  let cause: StoreCause<I>

  init(_ cause: StoreCause<I>) {
    self.cause = cause
  }
}

/// The record of one running hook.
package final class HookRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  let hook: I.Hook
  /// For a child's hook, which child's, as the root tells it.
  package let child: ChildHookID?

  init(number: UInt64, owner: some TaskOwner, hook: I.Hook, child: String?) {
    self.hook = hook
    self.child = child.map { ChildHookID(hook, of: I.self, child: $0) }
    super.init(number: number, owner: ObjectIdentifier(owner), home: owner.home)
  }
}

/// The store a record belongs to, as its handles and the test clock reach it.
package protocol TaskOwner: AnyObject, Sendable {
  /// What the store's records share.
  nonisolated var home: RecordHome { get }
  /// Cancels the record's task, in order with the sends before it.
  func cancel(_ record: TaskRecord)
  /// Takes every action sent so far, running each one's first stretch.
  func drainIntake() async
  /// Returns once the store has nothing left to do that it can do on its own.
  func settle() async
  /// Returns once the store is idle: see ``Store/waitUntilIdle()``.
  func waitUntilIdle() async
}

/// The task a store runs code for, carried by its task so state writes and sends know their cause.
@usableFromInline
package enum TaskContext {
  @TaskLocal package static var current: TaskRecord?

  /// The task-local itself, for binding it in inlinable code (`TaskStarter`).
  @usableFromInline
  static var local: TaskLocal<TaskRecord?> { $current }
}

/// The record of a timer the store starts of its own accord, a throttle window's or a queue's spacing: when
/// it fires, it starts the next action. A test clock that wakes it waits for it as for any task of the store
/// (until it sleeps again or ends), so the action it starts has run up to its own first sleep before time
/// moves on.
final class TimerRecord: TaskRecord, @unchecked Sendable {}
