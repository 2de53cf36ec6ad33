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
/// the clock's `now` set to its deadline. Before time moves, and after each wake-up, the stores of the
/// TestStores under the clock settle: each takes what was sent to it, its hooks react, and each of its
/// tasks runs until it sleeps on the clock or ends. A chain of delays inside one `advance` runs exactly as
/// it would in real time.
///
/// Stores sleep on a test clock through `StoreActor.sleep(for:)`, debounce and throttle, which register
/// the sleep before the task gives up the store. Code that calls `clock.sleep` directly registers its sleep
/// a hop later; settling waits for it. (A plain `Store` under a test clock is not settled before time
/// moves: call its `waitUntilIdle()` first.)
public final class TestClock: Clock, Sendable {
  struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    /// The store task that sleeps, if a store's task does.
    let record: TaskRecord?
  }

  struct State {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
    var listeners: [UInt64: @Sendable () -> Void] = [:]
    var settlers: [UInt64: Settler] = [:]
  }

  /// A TestStore's wait for its store to settle, and the store's records' home.
  struct Settler {
    let home: ObjectIdentifier
    let settle: @Sendable (_ what: String, _ location: TestLocation) async -> Void

    init(_ home: ObjectIdentifier, _ settle: @escaping @Sendable (String, TestLocation) async -> Void) {
      self.home = home
      self.settle = settle
    }
  }

  let state = Locked(State())

  /// Creates a clock at its start, `Instant(offset: .zero)`.
  public init() {}

  /// The clock's current time: it changes only in
  /// [`advance(by:)`](<doc:advance(by:fileID:filePath:line:column:)>),
  /// [`advance(to:)`](<doc:advance(to:fileID:filePath:line:column:)>) and
  /// [`run()`](<doc:run(fileID:filePath:line:column:)>).
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the test clock resolves any duration exactly.
  public var minimumResolution: Duration { .zero }

  /// How many tasks sleep on this clock now, hooks' timers included: a figure of the implementation, for
  /// Actuate's own tests.
  package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline`; throws `CancellationError` if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleep(until: deadline, isolation: nil)
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline falls within it, in order.
  ///
  /// Before time moves, and after each wake-up, the stores under this clock settle (see
  /// [`run()`](<doc:run(fileID:filePath:line:column:)>)).
  public func advance(
    by duration: Duration,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await advance(
      to: now.advanced(by: max(duration, .zero)), as: "advance(by: \(duration))",
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Moves time forward to `deadline` (never backwards), waking every sleeper due by then, in order.
  ///
  /// Before time moves, and after each wake-up, the stores under this clock settle (see
  /// [`run()`](<doc:run(fileID:filePath:line:column:)>)).
  public func advance(
    to deadline: Instant,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await advance(
      to: deadline, as: "advance(to: \(deadline))",
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Lets the stores settle, then advances to the next sleeper's deadline, again and again, until nothing
  /// that will end sleeps on the clock: every action's task has ended, or waits on something else.
  ///
  /// To settle, a store takes everything sent to it, and each of its tasks runs until it sleeps on this
  /// clock or ends: a dependency's own `clock.sleep`, registered a hop after its action was sent, is never
  /// skipped over. Hooks that sleep between their elements (a timer) tick along on the way, but do not keep
  /// `run()` going: it stops at the instant the last other sleeper woke, the same instant on every run.
  ///
  /// A task of a TestStore that waits on something else (a real clock, a network call, or a stream the test
  /// has not fed) does not hold time: once no job of its store is runnable, time moves on without it. A
  /// task of a plain store is waited for, at most 30 seconds. A `run()` that has moved the clock 10,000 times
  /// fails: a handler that sleeps again every time it wakes would never let it end.
  public func run(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    var advances = 0
    while true {
      await settle(as: "run()", at: location)
      guard let next = nextEndingDeadline() else { return }
      guard advances < Self.runLimit else {
        let sleeping = state.withLock { state in
          state.sleepers.sorted { $0.deadline < $1.deadline }.map { sleeper in
            "  • \(sleeper.record.map(Self.describe) ?? "a task outside any store"), until \(sleeper.deadline.offset)"
          }
        }
        IssueReporter.fail(
          """
          run() moved the TestClock \(Self.runLimit) times, to \(now.offset), and something still sleeps on it: \
          it sleeps again every time it wakes. Sleeping now:
          \(sleeping.joined(separator: "\n"))
          Advance the clock by as much as the test needs (advance(by:)) instead, or end the loop.
          """, at: location)
        return
      }
      advances += 1
      await advance(to: next, as: "run()", at: location)
    }
  }

  /// How many times ``run()`` moves the clock before it fails: a handler that sleeps again every time it
  /// wakes would keep it going for ever.
  static let runLimit = 10_000

  private func advance(to deadline: Instant, as what: String, at location: TestLocation) async {
    await settle(as: what, at: location)
    while let sleeper = takeSleeper(dueBy: deadline) {
      await wake(sleeper, as: what, at: location)
    }
    state.withLock { if $0.now < deadline { $0.now = deadline } }
  }

  /// The earliest deadline of a sleeper that will end: anything but a hook sleeping between its elements.
  private func nextEndingDeadline() -> Instant? {
    state.withLock { state in
      state.sleepers.filter { sleeper in
        guard let hook = sleeper.record as? any HookTaskRecord else { return true }
        return hook.home.deliveries.isBusy(ObjectIdentifier(hook))
      }.min { $0.deadline < $1.deadline }?.deadline
    }
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

  /// Resumes a sleeper and lets what it does play out before time moves on.
  private func wake(_ sleeper: Sleeper, as what: String, at location: TestLocation) async {
    // The store counts the woken task as busy until it sleeps again, ends, or asks a hook's sequence for
    // its next element: settling waits for exactly that.
    guard let record = sleeper.record, record.outcome == nil, record.home.deliveries.woke(record) else {
      // Not a live task of a store, or one of several sleeping under one record: nothing tells when it is
      // done, so give it the executor a few times.
      if let record = sleeper.record, record.outcome != nil { record.home.deliveries.unpark(ObjectIdentifier(record)) }
      sleeper.continuation.resume()
      for _ in 0..<Self.yieldsForOtherTasks { await Task.yield() }
      await settle(as: what, at: location, woken: sleeper.record)
      return
    }
    record.home.deliveries.watchEnd(record)
    sleeper.continuation.resume()
    await settle(as: what, at: location, woken: record)
  }

  private static let yieldsForOtherTasks = 20

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
      try await withCheckedThrowingContinuation(isolation: isolation) {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (resumeNow, listeners) = state.withLock { state in
          if deadline <= state.now { return (true, [@Sendable () -> Void]()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation, record: record))
          // Parked before the lock is released: a wake-up, which takes the sleeper under this lock, always
          // finds the task parked first.
          if let record { record.home.deliveries.park(ObjectIdentifier(record)) }
          return (false, Array(state.listeners.values))
        }
        if resumeNow { continuation.resume() }
        for listener in listeners { listener() }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      if let record = sleeper?.record { record.home.deliveries.unpark(ObjectIdentifier(record)) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }
}

extension TestClock: StoreSleeper {
  package func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws {
    try await sleep(until: now.advanced(by: duration), isolation: isolation)
  }
}
