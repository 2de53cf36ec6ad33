/// The store's clock, wrapped while a session records: each sleep that ends (not cancelled) is written as
/// the instant it woke at, measured from when the store was made, so that a replay advances its test clock
/// to the same instants in the same order.
struct RecordingClock<Base: Clock<Duration>>: Clock {
  typealias Instant = Base.Instant

  let base: Base
  let start: Base.Instant
  let woke: @Sendable (Duration) -> Void

  init(_ base: Base, woke: @escaping @Sendable (Duration) -> Void) {
    self.base = base
    self.start = base.now
    self.woke = woke
  }

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
    woke(start.duration(to: deadline))
  }
}

extension SessionRecorder {
  /// `clock`, wrapped to record its wakes here.
  func recording(_ clock: any Clock<Duration>) -> any Clock<Duration> {
    func wrap<C: Clock<Duration>>(_ clock: C) -> any Clock<Duration> {
      RecordingClock(clock) { [weak self] offset in self?.clockWoke(at: offset) }
    }
    return wrap(clock)
  }
}

/// A test clock's sleeps tell the store they sleep (``StoreSleeper``): wrapped, they still do, and their
/// wakes are recorded on the store, in its order.
extension RecordingClock: StoreSleeper where Base: StoreSleeper {
  func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws {
    let deadline = base.now.advanced(by: duration)
    try await base.sleep(for: duration, isolation: isolation)
    woke(start.duration(to: deadline))
  }
}
