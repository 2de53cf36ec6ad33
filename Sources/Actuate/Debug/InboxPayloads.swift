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
