/// A task of the store, as a ``StoreWatcher`` is told of it: the task's record, through the little a watcher
/// may read of it.
///
/// One reference, and no copy of the action: the engine hands out the record it already holds, and a
/// watcher that keeps it for later keeps the record alive, nothing more.
struct WatchedTask: Sendable {
  fileprivate let record: TaskRecord

  init(_ record: TaskRecord) {
    self.record = record
  }

  /// The task's number in its store, in the order its action was sent.
  var number: UInt64 { record.number }

  /// One byte the watcher keeps on the task, whose meaning is the watcher's own; zero until it sets it. Held
  /// on the record so that a watcher needs no table keyed by task, which it would look up on every event.
  /// Read and written on the store's executor only.
  var mark: UInt8 {
    get { record.watcherMark }
    nonmutating set { record.watcherMark = newValue }
  }

  /// The action, for a watcher of a store of `I`. Only for the task of an action of that store: the tasks
  /// of a watcher's action events are, and so is ``WatchedStates/action``.
  func action<I: Interactor>(of interactor: I.Type) -> I.Action {
    actionRecord(of: interactor).action
  }

  /// What sent the action: `nil` from outside, `.unknown` when nobody watched the store as it was sent. Only
  /// for the task of an action of a store of `I`.
  func sender<I: Interactor>(of interactor: I.Type) -> StoreCause<I>? {
    actionRecord(of: interactor).sender
  }

  private func actionRecord<I: Interactor>(of _: I.Type) -> ActionRecord<I> {
    unsafeDowncast(record, to: ActionRecord<I>.self)
  }
}
