import Actuate

/// Runs a feature's real interactor in a real store and asserts, in order, every state change and every
/// action the store sends itself, under a clock the test controls.
///
/// ```swift
/// @Test func search() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: .init(), interactor: SearchInteractor(search: { _ in ["Tabby"] }), clock: clock)
///   await store.send(.queryChanged("tab")) { $0.query = "tab" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.search) { $0.isSearching = true }
///   await store.step { $0.results = ["Tabby"]; $0.isSearching = false }
///   await store.finish()
/// }
/// ```
///
/// Each assertion closure mutates the previously asserted state into the one expected; the actual state
/// must equal it. Failures show a diff (`-` expected, `+` actual) at the line of the assertion, and say what
/// to do. By default the store is exhaustive: a change or a received action left unasserted, or a task still
/// running at ``finish(fileID:filePath:line:column:)``, fails the test.
public final class TestStore<I: Interactor>: Sendable where I.State: Equatable {
  let store: Store<I>
  let recorder: TestStoreRecorder<I>
  let testClock: TestClock?
  /// Where the store and every task it starts run, in the order `schedule` picks.
  let executor: TestExecutor
  let schedule: TestSchedule
  private let clockListener: UInt64?
  private let clockSettler = Locked<UInt64?>(nil)
  private let settings: Locked<Settings>
  /// Hooks and tasks a failure has named as running on without the TestClock: later assertions no longer
  /// wait for them.
  let stuck = Locked<Set<UInt64>>([])
  /// Where the test made the store: a test that lets it go without `finish()` fails there.
  let creation: TestLocation
  /// Whether an ``overlap(isolation:fileID:filePath:line:column:_:)`` block holds the store's work now.
  let overlapping = Locked(false)
  /// Whether the test ended the store with ``finish(fileID:filePath:line:column:)`` or ``skipRemaining()``.
  let hasEnded = Locked(false)

  struct Settings {
    var expected: I.State
    var exhaustivity: Exhaustivity
    var timeout: Duration
  }

  /// Creates a store for a test, running `interactor` from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from, and the first expected state of the test.
  ///   - interactor: The feature's interactor, with the dependencies the test gives it.
  ///   - clock: The store's clock. Pass a ``TestClock`` to control debounce, throttle and delays; the
  ///     default is a fresh one, so no test waits for real time by accident. On another clock, assertions
  ///     wait for its sleeps in real time, up to `timeout`.
  ///   - hooks: The hooks to run; all of them by default. Pass `[]` to test handlers alone.
  ///   - childHooks: The children's hooks to run, of any child at any depth (`[TodoInteractor.Hook.autosave]`);
  ///     `nil`, the default, runs them all, and `[]` none.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
  ///   - timeout: How long an assertion waits in real time for work that has left the store's executor (a
  ///     network call, a real clock, `Task.detached`), before it fails naming the task. When nothing more can
  ///     happen, an assertion fails at once, and the ``TestClock`` never waits for such work: time moves on.
  ///   - schedule: The order in which jobs runnable at once run: ``TestSchedule/inOrder``, unless
  ///     ``exploreSchedules(seeds:isolation:fileID:filePath:line:column:_:)`` gives a seed; ``TestSchedule/seed(_:)`` replays the one a failure names.
  ///   - fileID: The file where the test made the store: an exhaustive store the test lets go without
  ///     ``finish(fileID:filePath:line:column:)`` or ``skipRemaining()`` fails there.
  ///   - filePath: The path of that file.
  ///   - line: The line where the test made the store.
  ///   - column: The column where the test made the store.
  public convenience init(
    initialState: I.State,
    interactor: I,
    clock: some Clock<Duration> = TestClock(),
    hooks: [I.Hook] = Array(I.Hook.allCases),
    childHooks: [any Hashable & Sendable]? = nil,
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(5),
    schedule: TestSchedule? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      initialState: initialState, interactor: interactor, clock: clock, hooks: hooks, childHooks: childHooks,
      exhaustivity: exhaustivity, timeout: timeout, schedule: schedule, observers: [],
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The store every initialiser makes; `observers` see the store's events beside the test's own (a
  /// replay's, which checks every change, equal states included), and `made` is given the store's actor
  /// before it starts.
  init(
    initialState: I.State, interactor: I, clock: some Clock<Duration>, hooks: [I.Hook],
    childHooks: [any Hashable & Sendable]?, exhaustivity: Exhaustivity, timeout: Duration, schedule: TestSchedule?,
    observers: [StoreObserver<I>], location: TestLocation, made: ((StoreActor<I>) -> Void)? = nil
  ) {
    self.creation = location
    let schedule = schedule ?? TestSchedule.current
    self.schedule = schedule
    let executor = TestExecutor(schedule: schedule)
    self.executor = executor
    let recorder = TestStoreRecorder<I>()
    self.recorder = recorder
    self.testClock = clock as? TestClock
    self.clockListener = testClock?.addListener { recorder.wake() }
    self.settings = Locked(Settings(expected: initialState, exhaustivity: exhaustivity, timeout: timeout))
    let store = Store(
      initialState: initialState, interactor: interactor, clock: clock, hooks: hooks,
      observers: [recorder.observer] + observers,
      childHooks: childHooks.map(ChildHooks.init), executor: executor, made: made)
    self.store = store
    let settler = testClock?.addSettler(for: store.actor.home) { [weak self] what, location in
      await self?.settleForClock(as: what, at: location)
    }
    clockSettler.withLock { $0 = settler }
  }

  deinit {
    if isExhaustive, !hasEnded.withLock({ $0 }) { reportLeftBehind() }
    releaseOverlap()
    if let clockListener { testClock?.removeListener(clockListener) }
    if let clockSettler = clockSettler.withLock({ $0 }) { testClock?.removeListener(clockSettler) }
    store.stop()
  }

  /// The state as the test last asserted it.
  public var state: I.State { settings.withLock { $0.expected } }

  /// The store's own state, now: what everything the store has done made of it, asserted or not. In a
  /// non-exhaustive test the changes the test did not assert are in it, where ``state`` is the state as the
  /// test last asserted it. Waits until the store has taken everything sent so far.
  ///
  /// ```swift
  /// #expect(await store.actualState.count == 2)
  /// ```
  public var actualState: I.State {
    get async {
      _ = await withinTimeout(timeout) { [store] in await store.actor.settle() }
      return await store.state
    }
  }

  /// Whether every change must be asserted; can change in the middle of a test.
  public var exhaustivity: Exhaustivity {
    get { settings.withLock { $0.exhaustivity } }
    set { settings.withLock { $0.exhaustivity = newValue } }
  }

  /// How long an assertion waits in real time for work that has left the store's executor (a network call, a
  /// real clock) before it fails.
  public var timeout: Duration {
    get { settings.withLock { $0.timeout } }
    set { settings.withLock { $0.timeout = newValue } }
  }

  /// The store's identity, as its warnings and log lines name it.
  public var storeID: StoreID { store.storeID }

  var isExhaustive: Bool { exhaustivity.isOn }

  // MARK: Shared machinery

  enum Wait {
    case satisfied
    /// Timed out with nothing more to happen until the test acts: every task sleeps on the test clock or
    /// has ended.
    case settled
    /// Timed out with tasks still running elsewhere.
    case timedOut
  }

  /// Waits until `condition` holds, or nothing more can happen until the test acts, or the timeout passes,
  /// waking on every store event and every sleep on the test clock.
  ///
  /// Nothing more can happen once the store is settled: every task has ended or sleeps on the TestClock,
  /// and every hook waits for its next element. A hook's sequence fed from outside the test (a real timer,
  /// a socket) is the one thing this misses; the test feeds what its hooks read before asserting.
  func wait(
    during what: String, at location: TestLocation,
    until condition: @escaping @Sendable (TestStoreRecorder<I>.Log) -> Bool
  ) async -> Wait {
    let timeout = self.timeout
    let timer = Task { [recorder] in
      try? await Task.sleep(for: timeout)
      recorder.wake()
    }
    defer { timer.cancel() }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    await settle(during: what, at: location)
    while true {
      if recorder.log.withLock({ condition($0) }) { return .satisfied }
      if await isSettled() {
        // Events the settled store reported on its way there are in the log: look once more.
        return recorder.log.withLock({ condition($0) }) ? .satisfied : .settled
      }
      if ContinuousClock.now >= deadline { return .timedOut }
      await recorder.nextWake()
    }
  }

  /// Lets the store take what was sent and its hooks react, at most `timeout`; fails, naming the hooks,
  /// if a hook is still reacting then without sleeping on the TestClock.
  func settle(during what: String, at location: TestLocation) async {
    let ignored = stuck.withLock { $0 }
    // Every job of the store runs on its executor: once that is idle, the store has taken what was sent and
    // its hooks have reacted, unless a hook waits on something outside the store. No round trip needed.
    if await executor.untilIdle(), store.actor.home.deliveries.busyRecords.allSatisfy({ ignored.contains($0.number) }) {
      return
    }
    if await withinTimeout(timeout, { [store] in await store.actor.settle(ignoring: ignored) }) { return }
    let busy = store.actor.home.deliveries.busyRecords.filter { !ignored.contains($0.number) }
    stuck.withLock { $0.formUnion(busy.map(\.number)) }
    guard !busy.isEmpty else { return }
    fail(
      """
      During \(what), the store did not settle within \(timeout): still reacting to a change, not sleeping on \
      the TestClock:
      \(busy.map { "  • " + name($0) }.joined(separator: "\n"))
      A hook that awaits something else between elements (a real clock, a network call) holds up the test. \
      Give it the TestClock, or send an action whose handler does the work.
      """, at: location)
  }

  /// Waits until the store can do nothing more on its own, run before the test clock moves and after each
  /// wake-up: no job of the store is runnable. Its tasks that have not ended then sleep on the TestClock or
  /// wait on something from outside the store (a stream the test feeds, a network call), which the clock
  /// does not move: time moves on at once. Fails only for a store that never pauses.
  func settleForClock(as what: String, at location: TestLocation) async {
    if await executor.untilIdle() { return }
    fail(
      """
      \(what) waited for the store to pause, but it ran a million jobs without one: a task loops without \
      sleeping on the TestClock or waiting for anything. Give the loop a sleep on the store's clock, or end it.
      """, at: location)
  }

  /// Whether the store can do nothing more on its own: its intake is empty, no hook is reacting to a change,
  /// and every task that has not ended sleeps on the TestClock. Hooks awaiting their next element do not count:
  /// they wait on what the test feeds them.
  func isSettled() async -> Bool {
    // On another clock than the TestClock, a sleeping task wakes by itself, in real time.
    let running =
      testClock == nil ? await store.actor.liveActionNumbers : await store.actor.runningRecords.map(\.number)
    return running.isEmpty && store.actor.home.deliveries.busyRecords.isEmpty && !store.actor.hasUntakenCommands
  }

  /// Compares a change with what the test expects, reports a mismatch, and takes the actual state as asserted.
  func check(
    _ old: I.State, _ new: I.State, update: (inout I.State) throws -> Void, what: String, at location: TestLocation
  ) {
    // Exhaustive: the change's own old state, which is the last asserted one unless something before it
    // went unasserted (reported already). Not exhaustive: the actual new state, so that only what the
    // closure sets is compared.
    var expected = isExhaustive ? old : new
    do {
      try update(&expected)
    } catch {
      fail("The assertion for \(what) threw: \(error)", at: location)
    }
    if expected != new {
      let diff = DebugLog.diff(expected, new) ?? "(the states differ but dump the same)"
      fail(
        """
        The state after \(what) is not what the test expected (- expected, + actual):

        \(diff.indented)
        """, at: location)
    }
    takeAsAsserted(new)
  }

  /// Takes `state` as the state the test last asserted.
  func takeAsAsserted(_ state: I.State) {
    settings.withLock { $0.expected = state }
  }

  /// Reports a failure; under another schedule than `.inOrder`, names it, so that the failure can be replayed.
  func fail(_ message: String, at location: TestLocation) {
    guard schedule != .inOrder else { return IssueReporter.fail(message, at: location) }
    IssueReporter.fail("\(message)\n(The store ran under schedule \(schedule).)", at: location)
  }
}
