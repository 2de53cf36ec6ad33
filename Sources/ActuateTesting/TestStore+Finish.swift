import Actuate

extension TestStore {
  /// Waits for every task to end, then fails for anything still running or, in an exhaustive test, left
  /// unasserted. Call it at the end of every test; it stops the store, cancelling whatever still runs.
  ///
  /// When nothing can move any more (every task still running sleeps on the TestClock, and only the test
  /// could advance it) it fails at once, naming each task and when it would wake. A task that runs on
  /// without the clock is waited for, at most the store's `timeout`.
  public func finish(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    refuseInsideOverlap("finish()", at: location)
    let idle: Bool
    // Whether the store's jobs stopped, asked once: describing the unfinished tasks reuses it rather than
    // spinning through a store that never pauses a second time.
    var paused: Bool?
    if testClock == nil {
      // A task asleep on another clock wakes by itself: it is waited for, in real time, like one that runs on.
      idle = await wait(during: "finish()", at: location) { $0.unfinished.isEmpty } != .timedOut
    } else {
      // Once no job of the store can run, what has not ended sleeps on the clock or waits on the outside:
      // when all of it sleeps, that is known at once. Only work outside the store is waited for.
      paused = await executor.untilIdle()
      if paused == true, await isSettled() {
        idle = true
      } else {
        let ignored = stuck.withLock { $0 }
        idle = await withinTimeout(timeout) { [store] in await store.actor.waitUntilIdle(ignoring: ignored) }
      }
    }
    let unfinished = recorder.log.withLock { $0.unfinished.sorted { $0.key < $1.key } }
    if !unfinished.isEmpty {
      let (lines, anyRunning) = await describeUnfinished(unfinished, paused: paused)
      let count = "\(unfinished.count) action\(unfinished.count == 1 ? " has" : "s have")"
      if idle, !anyRunning {
        fail(
          """
          \(count) not finished at the end of the test, and only the test can move them:
          \(lines.joined(separator: "\n"))
          Advance the clock (await clock.run()) so they finish, or cancel them, before finish().
          """, at: location)
      } else {
        fail(
          """
          \(count) not finished \(idle ? "" : "after \(timeout) ")at the end of the test:
          \(lines.joined(separator: "\n"))
          A task that runs on without the TestClock waits on something else (a real clock, a network call, a \
          stream the test has not fed): give its dependency the TestClock or a stub that returns at once, or \
          feed or cancel it before finish().
          """, at: location)
      }
    }
    reportWarnings(during: "the test", at: location)
    if isExhaustive {
      let leftovers = takePending()
      if !leftovers.isEmpty {
        fail(
          """
          The test ended with \(leftovers.count) unasserted event\(leftovers.count == 1 ? "" : "s"):
          \(leftovers.map { "  • " + $0 }.joined(separator: "\n"))
          Assert changes with step { … } and actions sent from inside with receive(…), or make the test \
          non-exhaustive (exhaustivity = .off).
          """, at: location)
      }
    } else {
      skipPending()
      let skipped = recorder.log.withLock { log in
        defer { log.skipped = [] }
        return log.skipped
      }
      if exhaustivity.showsSkipped, !skipped.isEmpty {
        print(
          "Actuate TestStore skipped \(skipped.count) unasserted event\(skipped.count == 1 ? "" : "s") (\(location.fileID):\(location.line)):\n"
            + skipped.map { "  • " + $0 }.joined(separator: "\n"))
      }
    }
    hasEnded.withLock { $0 = true }
    store.stop()
  }

  /// Ends the test without asserting what is left: the changes and received actions not yet asserted are
  /// dropped, and the tasks still running are cancelled. Say so on purpose, where a test checks only its
  /// beginning; an exhaustive test that lets its store go without this or ``finish(fileID:filePath:line:column:)``
  /// fails.
  public func skipRemaining() {
    releaseOverlap()
    hasEnded.withLock { $0 = true }
    _ = takePending()
    store.stop()
  }

  /// Fails an exhaustive test that let its store go without ending it, naming what it left unasserted or
  /// still running. Called as the store goes away, so it can only read what the store has reported so far.
  func reportLeftBehind() {
    let (pending, unfinished) = recorder.log.withLock { log in
      (log.pending.map { $0.describe(cause: describe) }, log.unfinished.sorted { $0.key < $1.key })
    }
    guard !pending.isEmpty || !unfinished.isEmpty else { return }
    let lines =
      pending.map { "  • " + $0 } + unfinished.map { "  • \(Actuate.describe($0.value)) is still running" }
    let message = """
      The TestStore went away before the test ended it, leaving:
      \(lines.joined(separator: "\n"))
      End the test with await store.finish(), which waits for what runs and asserts what is left, or with \
      store.skipRemaining() to drop it on purpose.
      """
    guard IssueReporter.capture != nil || IssueReporter.destination == .swiftTesting else {
      // An XCTest case may keep its store until after its test has ended, when there is no test to fail.
      return Diagnostics.warn("\(creation.fileID):\(creation.line): \(message)")
    }
    fail(message, at: creation)
  }

  /// One line per unfinished action: whether it sleeps on the TestClock (until when), waits on something
  /// outside the store (no job of the store can run: the task awaits work that left its executor), runs on,
  /// or waits its turn; and whether any does either of the middle two.
  func describeUnfinished(
    _ unfinished: [(key: UInt64, value: I.Action)], paused: Bool? = nil
  ) async -> (lines: [String], anyRunning: Bool) {
    // Whether the store's jobs ever stop, not whether one runs at this instant: a wait that timed out may
    // still have a round trip under way, and the answer would differ from run to run.
    let isIdle: Bool
    if let paused { isIdle = paused } else { isIdle = await executor.untilIdle() }
    let running = Set(await runningTasks().map(\.number))
    let live = Set(await store.actor.liveActionNumbers)
    let sleeping = testClock?.sleepingTasks(of: ObjectIdentifier(store.actor)) ?? [:]
    let now = testClock?.now ?? .init()
    var anyRunning = false
    let lines = unfinished.map { number, action in
      let what: String
      if let deadline = sleeping[number] {
        what = "sleeps on the TestClock until \(deadline.offset), \(now.duration(to: deadline)) from now"
      } else if running.contains(number) || testClock == nil && live.contains(number) {
        anyRunning = true
        what =
          !isIdle
          ? "runs on, not sleeping on the TestClock"
          : testClock == nil
            ? "waits in real time, on the store's clock or something outside the store"
            : "waits on something outside the store, not the TestClock"
      } else {
        what = "waits its turn under its policy"
      }
      return "  • \(Actuate.describe(action)): \(what)"
    }
    return (lines, anyRunning)
  }

  /// What still runs, for a failure after a timeout: empty when nothing does.
  func stillRunning() async -> String {
    let unfinished = recorder.log.withLock { $0.unfinished.sorted { $0.key < $1.key } }
    guard !unfinished.isEmpty else { return "" }
    let (lines, _) = await describeUnfinished(unfinished)
    return "\nStill running:\n" + lines.joined(separator: "\n")
  }
}
