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
