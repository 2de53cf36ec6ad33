extension StoreActor {
  /// Whether anyone needs state changes: observers want old and new, subscribers want the new values.
  var isObserved: Bool { !observers.isEmpty || !subscribers.isEmpty || hasChildren }

  /// Called by the inlined state accessors before a root store's write, in one call: whether the write
  /// lands, and if it does, the change it joins.
  ///
  /// A write does not land once the store has stopped, nor for a cancelled action, whether its handler
  /// writes or a task the handler started (it inherits the action's task-local record, though not its
  /// cancellation). A cleanup's writes always land.
  @usableFromInline
  func beginWrite() -> Bool {
    // In the middle of a stretch, a parent first notes the children whose state went away since the
    // stretch's last write: this write may bring it back, and the child that was there must still end.
    if hasChildren, stretch.openChange != nil, home.countsChildren { noteGoneChildren() }
    if let cleaning = stretch.cleaning {
      if isObserved { willWrite(cleaningUp: cleaning) }
      return true
    }
    if stretch.isStopped { return false }
    // Read once: the write's cause, and whether it is cancelled.
    let context = TaskContext.current
    if let context, context.owner == ObjectIdentifier(self) {
      if context.isCancelled { return false }
    } else if Task.isCancelled {
      return false
    }
    if isObserved { return willWrite(cause: context) }
    return true
  }

  /// Opens a change at the first write of a stretch, so the stretch's writes become one change; a write
  /// from another task first publishes the change that is open. Returns whether the write still lands.
  private func willWrite(cause: TaskRecord?) -> Bool {
    if let openChange = stretch.openChange {
      if openChange.cause === cause, openChange.cleanup == nil { return true }
      publishChange()
      // The change just published may have replaced a child and cancelled this write's task: a stale write
      // of the old child must not land in the new one.
      if hasChildren, isCancelledNow(cause) { return false }
    }
    beginChange(cause: cause)
    return true
  }

  /// Out of line, like `publishOpenChange`: building a change looks up the state's type.
  @inline(never)
  func beginChange(cause: TaskRecord?, cleanup: CancellationReason? = nil) {
    precondition(stretch.openChange == nil, "a change opened over one still open: its writes would be lost")
    stretch.openChange = OpenStateChange(old: current, cause: cause, cleanup: cleanup)
    // A handler resumed after a suspension runs outside any drain, so nothing of ours runs when its
    // stretch ends; a job queued now runs right after it, on this executor. A default actor runs its jobs
    // highest priority first, those of one priority in the order queued: at the highest priority a task
    // gets, it runs before the next stretch of this same task, which can only be queued after it, however
    // that task is escalated meanwhile. So the two stretches stay two changes.
    if stretch.boundaryDepth == 0, !stretch.publishScheduled {
      stretch.publishScheduled = true
      Task(priority: .publishing) { self.publishScheduledChange() }
    }
  }

  private func publishScheduledChange() {
    stretch.publishScheduled = false
    publishChange()
  }

  /// The end of a task's stretch (its handler returned): the change it made, if open, is published.
  func stretchEnded(by record: TaskRecord) {
    if let openChange = stretch.openChange, openChange.cause === record { publishChange() }
  }

  /// Publishes the open change, if any. The one place a change is published: every other path (a stretch's
  /// end, a write from another task, a cleanup of the store's own, a stop) comes here.
  func publishChange() {
    // Checked here and published out of line, so a call with no open change looks no type up
    // (HowItWorks.md, "Unspecialised code").
    if stretch.openChange != nil { publishOpenChange() }
  }

  @inline(never)
  private func publishOpenChange() {
    guard let change = stretch.openChange else { return }
    stretch.openChange = nil
    stretch.activity &+= 1
    if !observers.isEmpty { emitChanged(change) }
    // Each out of line, for the same reason as this function.
    if !subscribers.isEmpty { publishToSubscribers() }
    if hasChildren { reconcileChildren(after: change) }
  }

  @inline(never)
  private func publishToSubscribers() {
    subscribers.publish(current)
  }

  @inline(never)
  private func reconcileChildren(after change: OpenChange) {
    reconcileChildren(old: Self.old(of: change))
  }

  /// Runs `body` as one stretch of the store's own making, and publishes its writes as one change.
  func withBoundary<R>(_ body: () throws -> R) rethrows -> R {
    enterBoundary()
    defer { leaveBoundary() }
    return try body()
  }

  /// The halves of `withBoundary`, for a child's hook, whose code runs as the root's stretch.
  func enterBoundary() {
    stretch.boundaryDepth += 1
  }

  func leaveBoundary() {
    precondition(stretch.boundaryDepth > 0, "the store left a stretch of its own it had not entered")
    stretch.boundaryDepth -= 1
    publishChange()
  }

  // MARK: Cancels and cleanups in a stretch

  /// Runs a cancel that code running on the store makes (a handler, a hook, a task a handler started, or a
  /// cleanup), in the middle of its stretch: the cleanups it runs join that stretch's change.
  func cancelInStretch(_ cancel: () -> Void) {
    let outer = stretch.cancellingStretch
    stretch.cancellingStretch =
      stretch.cleaning.map(change(joinedBy:)) ?? ChangeOwner(cause: TaskContext.current, cleanup: nil)
    cancel()
    stretch.cancellingStretch = outer
  }

  /// Runs the cleanup of `record`'s cancellation. Cancelled by code in the middle of its stretch
  /// (`cancelInStretch`), its writes join that stretch's change: what the stretch wrote before the cancel,
  /// the cleanup's writes and what it writes after are one change, published when the stretch ends, whose
  /// cause is the stretch's. Cancelled by the store of its own accord (a cancel taken from the intake, a
  /// newer action's policy, `stop()`), outside any stretch, whatever is open is published first and the
  /// cleanup's writes are a change of their own, caused by the cancellation.
  func withCleanup(of record: TaskRecord, reason: CancellationReason, _ cleanup: () -> Void) {
    let joined = stretch.cancellingStretch
    if joined == nil { publishChange() }
    let outer = stretch.cleaning
    stretch.cleaning = Cleanup(record: record, reason: reason)
    cleanup()
    if joined == nil { publishChange() }
    stretch.cleaning = outer
  }

  /// Opens the change a cleanup's writes go in at its first write, unless it is open: the cancelling
  /// stretch's, or the cleanup's own.
  func willWrite(cleaningUp cleanup: Cleanup) {
    let change = change(joinedBy: cleanup)
    if let openChange = stretch.openChange, !change.owns(openChange) { publishChange() }
    if stretch.openChange == nil { beginChange(cause: change.cause, cleanup: change.cleanup) }
    // A cleanup that joins a stretch's change is named with it, once.
    if change.cleanup == nil, let openChange = stretch.openChange,
      !openChange.cleanups.contains(where: { $0.record === cleanup.record })
    {
      openChange.cleanups.append((cleanup.record, cleanup.reason))
    }
  }

  /// The change the writes of `cleanup`, the one running, join: the cancelling stretch's, or the cleanup's
  /// own. Computed, not kept in the cleanup: while a cleanup runs, `cancellingStretch` is the stretch it
  /// joined when it began (`withCleanup`), or, when none was cancelling then, `nil` or, inside a cancel the
  /// cleanup itself makes, the cleanup's own change (`cancelInStretch`); either way this gives what the
  /// cleanup joined.
  func change(joinedBy cleanup: Cleanup) -> ChangeOwner {
    stretch.cancellingStretch ?? cleanup.ownChange
  }

  func dropWrite(path: @autoclosure () -> String) {
    guard !observers.isEmpty else { return }
    emit(.writeDropped(path: path(), cause: cause(of: TaskContext.current)))
  }

  func cause(of change: OpenChange) -> StoreCause<I> {
    StoreCause(of: change, owner: ObjectIdentifier(self))
  }

  func cause(of cleanup: Cleanup) -> StoreCause<I> {
    .cancellation(actionRecord(cleanup.record).action, task: cleanup.record.number, reason: cleanup.reason)
  }

  func cause(of record: TaskRecord?) -> StoreCause<I> {
    StoreCause(of: record, owner: ObjectIdentifier(self))
  }
}

extension TaskPriority {
  /// The priority of the job that publishes a resumed stretch's change: as high as any a task gets, named
  /// or inherited (a main thread's, 33 on Apple systems, is the highest), so that no stretch queued after
  /// it runs first.
  static var publishing: TaskPriority { TaskPriority(rawValue: 0x21) }
}

/// A started handler's cancellation, while its cleanup runs. The record is an `ActionRecord` of the store's
/// interactor, held as its base class like the scheduler's.
///
/// The change its writes join is not kept: it is the stretch of the code that cancelled it, which is the
/// store's `cancellingStretch` while the cleanup runs, or, cancelled by the store of its own accord, with no
/// stretch cancelling, a change of its own (``ownChange``). See `StoreActor.change(joinedBy:)`.
struct Cleanup {
  let record: TaskRecord
  let reason: CancellationReason

  /// The change of the cleanup's own, caused by the cancellation.
  var ownChange: ChangeOwner { ChangeOwner(cause: record, cleanup: reason) }
}

/// Whose open change it is: a stretch of code's (a handler's, a hook's, a task's a handler started: their
/// task-local record, `cleanup` `nil`), or a cleanup's own (the cancelled action's record and the reason).
struct ChangeOwner {
  let cause: TaskRecord?
  let cleanup: CancellationReason?

  /// Whether `change` is this one's.
  func owns(_ change: OpenChange) -> Bool {
    change.cause === cause && change.cleanup == cleanup
  }
}

/// The change a stretch is making: its writes, from the first until the change is published. Not generic, so
/// that asking whether a change is open (every write, every task's end) is a pointer test in the store's
/// unspecialised code, not a look-up of a generic optional's type; the state before the change is kept
/// by the subclass.
class OpenChange {
  let cause: TaskRecord?
  /// Set when the change is a cleanup's own: `cause` is then the cancelled action's record. A cleanup
  /// that code cancelled in the middle of its stretch writes into that stretch's change instead.
  let cleanup: CancellationReason?
  /// The cleanups a cancel in the middle of the stretch ran that wrote into this change, in the order they
  /// first wrote: the cancelled actions' records and why they were cancelled. Empty nearly always.
  var cleanups: [(record: TaskRecord, reason: CancellationReason)] = []

  init(cause: TaskRecord?, cleanup: CancellationReason?) {
    self.cause = cause
    self.cleanup = cleanup
  }
}

/// An open change and the state before its first write.
final class OpenStateChange<State>: OpenChange {
  let old: State

  init(old: State, cause: TaskRecord?, cleanup: CancellationReason? = nil) {
    self.old = old
    super.init(cause: cause, cleanup: cleanup)
  }
}
