extension StoreActor {
  /// Feeds `feed` every distinct state from now on, starting with the current one; attaching it again does
  /// nothing. A stopped store hands it its last state and finishes it.
  func attach(_ feed: StateFeed<I.State>) {
    guard feed.attach() else { return }
    subscribe(
      { $0 }, isDuplicate: EquatableValues.comparator(for: I.State.self), push: feed.push, finish: feed.finish)
  }

  /// Attaches `feed` and takes the state it starts with: the store's as of now.
  func stateAttaching(_ feed: StateFeed<I.State>) -> I.State {
    attach(feed)
    return feed.take() ?? state
  }

  /// Attaches `feed` if it is not yet, and publishes the writes of a stretch that has ended but whose
  /// change is still waiting for its flush, so that `feed` holds the store's state as of now.
  func catchUp(_ feed: StateFeed<I.State>) {
    attach(feed)
    flush()
  }
}
