extension Store {
  /// Waits until everything this store has done so far is in the debug log's sinks.
  ///
  /// Unlike ``DebugStore/flush()`` alone, it first waits for the store to finish the code it is running
  /// right now, so that the entries of an action whose ``ActionTask/finish()`` just returned are included.
  public func flushDebugLog() async {
    await finishCurrentStretch()
    await DebugStore.flush()
  }
}
