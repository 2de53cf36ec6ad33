/// A change as the store published it: its batch (the state before, and the cause) and the state after.
/// The subclass holds the state, so the store's side stays out of generic code but for one box.
class PublishedChange: @unchecked Sendable {
  // @unchecked: immutable once made; the batch is closed and never written again.
  let batch: Batch

  init(batch: Batch) {
    self.batch = batch
  }
}

final class PublishedState<State>: PublishedChange, @unchecked Sendable {
  let new: State

  init(batch: Batch, new: State) {
    self.new = new
    super.init(batch: batch)
  }
}

/// A rarer event, boxed so the inbox stays non-generic.
final class EventBox<I: Interactor>: @unchecked Sendable {
  // @unchecked: immutable; the event is `Sendable`.
  let event: StoreEvent<I>

  init(_ event: StoreEvent<I>) {
    self.event = event
  }
}

/// How many events the log left out since a moment, counted under the inbox's lock until the writer takes
/// the marker that holds it.
final class LeftOutCount: @unchecked Sendable {
  // @unchecked: written under the inbox's lock, read by the writer after it took the marker under it.
  var count = 0
}
