/// A published change, as a ``StoreWatcher`` is told of it: the change as it was open (which holds the state before
/// and the cause) and the state after, in one box.
///
/// Not generic, so a watcher's inbox can hold it; a watcher that knows the store's interactor reads it as
/// ``WatchedStates``, on its own thread: the cause is described, and the states compared, only there.
class WatchedChange: @unchecked Sendable {
  // @unchecked: immutable once made; the change is closed and never written again.
  fileprivate let change: OpenChange
  /// The store that published it, to tell its own tasks from another store's.
  fileprivate let owner: ObjectIdentifier

  fileprivate init(change: OpenChange, owner: ObjectIdentifier) {
    self.change = change
    self.owner = owner
  }
}

/// A change of a store of `I`, with its states.
final class WatchedStates<I: Interactor>: WatchedChange, @unchecked Sendable {
  /// The state after the change.
  let new: I.State

  init(change: OpenChange, new: I.State, owner: ObjectIdentifier) {
    self.new = new
    super.init(change: change, owner: owner)
  }

  /// The state before the change.
  var old: I.State { StoreActor<I>.old(of: change) }

  /// What made the change.
  var cause: StoreCause<I> { StoreCause(of: change, owner: owner) }

  /// The cleanups that joined the change: run by a cancel in the middle of its stretch, they wrote into it.
  var cleanups: [StoreCause<I>] {
    change.cleanups.map { cleanup in
      let record = unsafeDowncast(cleanup.record, to: ActionRecord<I>.self)
      return .cancellation(record.action, task: record.number, reason: cleanup.reason)
    }
  }

  /// The action whose handler made the change, if one did: not its cleanup's own change, not a hook.
  var action: WatchedTask? {
    guard change.cleanup == nil, let cause = change.cause, cause.owner == owner, cause is ActionRecord<I> else {
      return nil
    }
    return WatchedTask(cause)
  }
}
