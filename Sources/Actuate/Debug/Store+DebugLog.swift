extension Store {
  /// Waits until everything this store has done so far is in the debug log's sinks.
  ///
  /// Unlike ``DebugStore/flush()`` alone, it first waits for the store to finish the code it is running
  /// right now, so that the entries of an action whose ``ActionTask/finish()`` just returned are included.
  public func flushDebugLog() async {
    await actor.finishCurrentStretch()
    await DebugStore.flush()
  }
}

extension StoreActor {
  /// Does nothing, on the store: awaiting it waits for the store's current stretch of code to end.
  func finishCurrentStretch() {}
}
