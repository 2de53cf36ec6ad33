import Actuate

/// A clock that moves only when the test says so: debounce, throttle and delays under it are exact, and
/// nothing in a test waits for real time.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: .init(), interactor: SearchInteractor(), clock: clock)
/// await store.send(.queryChanged("tab")) { $0.query = "tab" }
/// await clock.advance(by: .milliseconds(300))   // the debounced search runs now
/// ```
///
/// Sleepers wake in deadline order (those with equal deadlines in the order they went to sleep), each with
/// the clock's `now` set to its deadline. When a store's task wakes, `advance` waits until it sleeps again
/// or ends, and until its store has taken the actions it sent, before time moves on: a chain of delays
/// inside one `advance` runs exactly as it would in real time.
///
/// Stores sleep on a test clock through ``StoreActor/sleep(for:)``, debounce and throttle, which register
/// the sleep before the task gives up the store. Code that calls `clock.sleep` directly also works, but its
/// sleep is registered a moment later, after a hop to the global executor.
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: a duration since the clock was made.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// How far this instant is from the clock's start.
    public var offset: Duration

    /// An instant `offset` after the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The store task that sleeps, if a store's task does.
    let record: TaskRecord?
  }

  private struct State {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    /// Continuations waiting for a woken task to sleep again or end, by the task's record.
    var parkWaiters: [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]
    var listeners: [UInt64: @Sendable () -> Void] = [:]
    var settlers: [UInt64: @Sendable () async -> Void] = [:]
  }

  private let state = Locked(State())

  /// Creates a clock at its start, `Instant(offset: .zero)`.
  public init() {}

  /// The clock's current time: it changes only in ``advance(by:)``, ``advance(to:)`` and ``run()``.
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the test clock resolves any duration exactly.
  public var minimumResolution: Duration { .zero }

  /// How many tasks sleep on this clock now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleep(until: deadline, isolation: nil)
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline falls within it, in order.
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves time forward to `deadline` (never backwards), waking every sleeper due by then, in order.
  public func advance(to deadline: Instant) async {
    await letStoresSettle()
    while let sleeper = takeSleeper(dueBy: deadline) {
      await wake(sleeper)
      await letStoresSettle()
    }
    state.withLock { if $0.now < deadline { $0.now = deadline } }
  }

  /// Advances to each sleeper's deadline in turn until nobody sleeps on the clock.
  public func run() async {
    while let next = state.withLock({ $0.sleepers.min(by: { $0.deadline < $1.deadline })?.deadline }) {
      await advance(to: next)
    }
  }

  // MARK: Package interface for the TestStore

  /// The numbers of the tasks of the store `owner` that sleep on this clock now.
  package func sleepingTasks(of owner: ObjectIdentifier) -> Set<UInt64> {
    state.withLock { state in
      Set(state.sleepers.compactMap { $0.record?.owner == owner ? $0.record?.number : nil })
    }
  }

  /// Calls `listener` whenever a task starts sleeping on this clock. Returns a token for ``removeListener(_:)``.
  package func addListener(_ listener: @escaping @Sendable () -> Void) -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      state.listeners[state.nextID] = listener
      return state.nextID
    }
  }

  package func removeListener(_ token: UInt64) {
    state.withLock {
      $0.listeners[token] = nil
      $0.settlers[token] = nil
    }
  }

  /// Runs `settler` before time moves: a TestStore waits there until its tasks sleep on this clock or end,
  /// so that a dependency calling `clock.sleep` directly, whose sleep is registered a hop later, is not
  /// skipped over.
  package func addSettler(_ settler: @escaping @Sendable () async -> Void) -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      state.settlers[state.nextID] = settler
      return state.nextID
    }
  }

  private func letStoresSettle() async {
    let settlers = state.withLock { Array($0.settlers.values) }
    for settler in settlers { await settler() }
  }

  // MARK: Sleeping and waking

  private func takeSleeper(dueBy deadline: Instant) -> Sleeper? {
    state.withLock { state in
      guard
        let index = state.sleepers.indices.min(by: {
          (state.sleepers[$0].deadline, state.sleepers[$0].id) < (state.sleepers[$1].deadline, state.sleepers[$1].id)
        }),
        state.sleepers[index].deadline <= deadline
      else { return nil }
      let sleeper = state.sleepers.remove(at: index)
      if state.now < sleeper.deadline { state.now = sleeper.deadline }
      return sleeper
    }
  }

  /// Resumes a sleeper and lets it run until it sleeps again or ends.
  private func wake(_ sleeper: Sleeper) async {
    guard let record = sleeper.record else {
      // Not a store's task: nothing tells when it is done, so give it the executor a few times.
      sleeper.continuation.resume()
      for _ in 0..<Self.yieldsForOtherTasks { await Task.yield() }
      return
    }
    let key = ObjectIdentifier(record)
    // A woken task that then waits on something the test controls would hold `advance` for ever: after
    // five seconds of real time (generous, for loaded CI machines), time moves on without it.
    let guardTimer = Task { [self] in
      try? await Task.sleep(for: Self.wakeTimeout)
      resumeParkWaiter(key)
    }
    await withCheckedContinuation { (parked: CheckedContinuation<Void, Never>) in
      state.withLock { $0.parkWaiters[key] = parked }
      record.onEnd { [self] in resumeParkWaiter(key) }
      sleeper.continuation.resume()
    }
    guardTimer.cancel()
    // What the woken task set off (sends, hooks reacting to its changes) runs before time moves on, so new
    // delays start from this instant.
    await record.home.store?.settle()
  }

  private static let wakeTimeout = Duration.seconds(5)
  private static let yieldsForOtherTasks = 20

  private func resumeParkWaiter(_ key: ObjectIdentifier) {
    state.withLock { $0.parkWaiters.removeValue(forKey: key) }?.resume()
  }

  private func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
    try Task.checkCancellation()
    let record = TaskContext.current
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      // Naming `isolation` keeps this closure on the caller's executor: the sleep is registered before the
      // caller's synchronous stretch ends, so an `advance` right after it always sees it.
      try await withCheckedThrowingContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, any Error>) in
        let (resumeNow, parked, listeners) = state.withLock { state in
          if deadline <= state.now { return (true, nil as CheckedContinuation<Void, Never>?, [@Sendable () -> Void]()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation, record: record))
          let parked = record.flatMap { state.parkWaiters.removeValue(forKey: ObjectIdentifier($0)) }
          return (false, parked, Array(state.listeners.values))
        }
        if resumeNow { continuation.resume() }
        parked?.resume()
        for listener in listeners { listener() }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }
}

extension TestClock: StoreSleeper {
  package func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws {
    try await sleep(until: now.advanced(by: duration), isolation: isolation)
  }
}
