import Actuate

// What the TestStores under a clock use of it: which of their tasks sleep, and how each settles its store
// before time moves.
extension TestClock {
  /// Whether any task sleeps on this clock, a hook's timer included: only then can advancing it change a state.
  var hasSleepers: Bool { state.withLock { !$0.sleepers.isEmpty } }

  /// The tasks of the store `owner` that sleep on this clock now, by number, with their deadlines.
  package func sleepingTasks(of owner: ObjectIdentifier) -> [UInt64: Instant] {
    state.withLock { state in
      var tasks: [UInt64: Instant] = [:]
      for sleeper in state.sleepers {
        guard let record = sleeper.record, record.owner == owner, !(record is any HookTaskRecord) else { continue }
        tasks[record.number] = min(tasks[record.number] ?? sleeper.deadline, sleeper.deadline)
      }
      return tasks
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

  /// Runs `settler` before time moves and after every wake-up: a TestStore waits there, bounded, until its
  /// store is idle, and reports what kept it from being so. `home` names the store's records, so a woken
  /// task of a store with no TestStore is waited for by the clock itself.
  func addSettler(
    for home: RecordHome, _ settler: @escaping @Sendable (_ what: String, _ location: TestLocation) async -> Void
  ) -> UInt64 {
    state.withLock { state in
      state.nextID += 1
      state.settlers[state.nextID] = Settler(ObjectIdentifier(home), settler)
      return state.nextID
    }
  }

  /// Lets every store under the clock settle; `woken`'s store too, if no TestStore settles it.
  func settle(as what: String, at location: TestLocation, woken: TaskRecord? = nil) async {
    let settlers = state.withLock { $0.settlers.sorted { $0.key < $1.key }.map(\.value) }
    for settler in settlers { await settler.settle(what, location) }
    guard let woken, !settlers.contains(where: { $0.home == ObjectIdentifier(woken.home) }),
      let store = woken.home.store
    else { return }
    // A plain store under this clock: bounded, so a task that waits on something else cannot hold time.
    if await withinTimeout(Self.wakeTimeout, { await store.waitUntilIdle() }) { return }
    IssueReporter.fail(
      """
      \(what) woke \(Self.describe(woken)) and waited \(Self.wakeTimeout) for its store to settle, but a task of \
      that store runs on without sleeping on the TestClock. Give its dependencies the TestClock, or stubs that \
      return at once; a TestStore names the task.
      """, at: location)
  }

  /// How long a plain store's woken task may run on before the clock fails the test. Only a task that waits
  /// on something else reaches it, so it is generous: five seconds were outlasted by tasks that had only a
  /// loaded machine to wait for (the whole suite under ThreadSanitizer beside other builds).
  private static let wakeTimeout = Duration.seconds(30)
}
