extension StoreActor {
  /// Hands `persister` every state this store publishes from now on, and tells it when the store stops:
  /// a subscriber like any other, so a store without persistence has nothing more to do.
  func attach(_ persister: Persister<I.State>) {
    // The first value is the state the store starts with, just loaded: nothing new to save.
    var isFirst = true
    subscribe(
      { $0 }, isDuplicate: { _, _ in false },
      push: { state in
        if isFirst {
          isFirst = false
        } else {
          persister.accept(state)
        }
        return true
      },
      finish: { persister.stopped() })
  }

  /// Publishes the change still open, if any, and returns how many states `persister` has been handed:
  /// waiting for that many to be saved waits for the state as of now.
  func generationToSave(_ persister: Persister<I.State>) -> UInt64 {
    publishChange()
    return persister.accepted
  }
}
