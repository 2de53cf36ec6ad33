import Actuate
import Synchronization

/// A clock that moves only when the test says so: debounce, throttle and delays under it are exact, and
/// nothing in a test waits for real time.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(state: .init(), interactor: SearchInteractor(), clock: clock)
/// store.send(.queryChanged("tab"))
/// await clock.advance(by: .milliseconds(300))   // the debounced search runs now
/// ```
///
/// Sleepers wake in deadline order (those with equal deadlines in the order they went to sleep), each with
/// the clock's `now` set to its deadline.
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

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
  }

  private let state = Mutex(State())

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
  ///
  /// After each wake-up it lets the woken task run, so a task that sleeps again within the window wakes
  /// again before `advance` returns.
  public func advance(to deadline: Instant) async {
    while let sleeper = takeSleeper(dueBy: deadline) {
      sleeper.continuation.resume()
      await letWokenTasksRun()
    }
    state.withLock { if $0.now < deadline { $0.now = deadline } }
  }

  /// Advances to each sleeper's deadline in turn until nobody sleeps on the clock.
  public func run() async {
    while let next = state.withLock({ $0.sleepers.min(by: { $0.deadline < $1.deadline })?.deadline }) {
      await advance(to: next)
    }
  }

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

  /// Gives woken tasks the executor: they run up to their next suspension before time moves on.
  private func letWokenTasksRun() async {
    for _ in 0..<Self.yieldsPerWakeUp { await Task.yield() }
  }

  private static let yieldsPerWakeUp = 20

  private func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      // Naming `isolation` keeps this closure on the caller's executor: the sleep is registered before the
      // caller's synchronous stretch ends, so an `advance` right after it always sees it.
      try await withCheckedThrowingContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Bool = state.withLock { state in
          if deadline <= state.now { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if resumeNow { continuation.resume() }
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
