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
