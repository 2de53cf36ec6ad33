import Actuate

extension TestStore {
  /// Sends an action and asserts the state change it makes.
  ///
  /// With `assert`, waits for the action's first state change (its handler may await first) and checks
  /// it: the closure turns the previously asserted state into the expected one. Without it, asserts that
  /// the handler's first synchronous stretch changed nothing. Later changes of a long handler are asserted
  /// one at a time with ``step(assert:fileID:filePath:line:column:)``.
  ///
  /// In an exhaustive test, every earlier change and received action must have been asserted first.
  @discardableResult
  public func send(
    _ action: I.PublicAction,
    assert update: (@Sendable (inout I.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> ActionTask {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let what = "send(\(Actuate.describe(store.actor.interactor.action(from: action))))"
    if overlapping.withLock({ $0 }) {
      return await sendOverlapping(action, what: what, hasClosure: update != nil, at: location)
    }
    requireEarlierAsserted(before: what, at: location)

    let task = store.send(action)
    let number = task.number
    let changedInFirstStretch = await store.actor.drainIntake { [recorder] in
      recorder.log.withLock { $0.firstChange(by: number) != nil }
    }
    reportMissingTransitions(during: what, at: location)
    reportWarnings(during: what, at: location)
    guard let update else {
      if isExhaustive, changedInFirstStretch, let (old, new) = takeChange(by: number, what: what, at: location),
        old != new
      {
        fail(
          """
          \(what) changed the state, but the test expected no change (- before, + after):

          \(DebugLog.diff(old, new)?.indented ?? "")
          Pass a closure that makes this change: send(…) { $0… = … }.
          """, at: location)
      }
      await settle(during: what, at: location)
      return task
    }
    await assertFirstChange(by: number, update: update, what: what, at: location)
    await settle(during: what, at: location)
    return task
  }

  /// Waits for the first change made by the action task `number` and checks it against `update`.
  func assertFirstChange(
    by number: UInt64, update: @Sendable (inout I.State) throws -> Void, what: String, at location: TestLocation
  ) async {
    let wait = await wait(during: what, at: location) {
      $0.firstChange(by: number) != nil || $0.finishedTasks.contains(number)
    }
    if let (old, new) = takeChange(by: number, what: what, at: location) {
      return check(old, new, update: update, what: what, at: location)
    }
    // No change came: that is right only if the test expected none.
    var expected = state
    try? update(&expected)
    guard expected != state else { return }
    let why: String
    if let (cause, makesExpected) = nextUnassertedChange(making: expected), wait != .timedOut {
      // The change the test has in mind is likely one that came before the handler's own: a cleanup its
      // policy set off, a hook. Advising the clock would be wrong: nothing more is needed to assert it.
      why = """
        its handler has not changed it\(wait == .satisfied ? " (it finished)" : ""). The next unasserted change \
        is by \(describe(cause))\(makesExpected ? ", and it makes the state the test expects" : ""): call \
        \(what) without a closure, then assert that change with step { … }
        """
    } else {
      why =
        switch wait {
        case .satisfied: "its handler finished without changing it"
        case .settled:
          "its handler waits on the TestClock (a sleep, or its policy's debounce or delay) or for an action that does; advance the clock first, then assert with step { … }"
        case .timedOut:
          "its handler is still running after \(timeout) and has not changed it; if it waits on something the test provides, provide it and assert with step { … }"
        }
    }
    fail(
      """
      The test expected \(what) to change the state, but \(why). Expected (- before, + expected):

      \(DebugLog.diff(state, expected)?.indented ?? "")
      """, at: location)
  }

  /// The cause of the first unasserted change, and whether it makes `expected` from the state last asserted.
  func nextUnassertedChange(making expected: I.State) -> (StoreCause<I>, Bool)? {
    recorder.log.withLock { log in
      for case .change(_, let new, let cause) in log.pending { return (cause, new == expected) }
      return nil
    }
  }

  /// Takes the first change made by the action task `number`; in an exhaustive test, reports what came before it.
  func takeChange(by number: UInt64, what: String, at location: TestLocation) -> (I.State, I.State)? {
    let taken = recorder.log.withLock { log in log.take(at: log.firstChange(by: number)) }
    var skipped = taken?.skipped ?? []
    guard case .change(var old, let new, _) = taken?.item else {
      reportSkipped(skipped, before: what, at: location)
      return nil
    }
    // Cleanups right before the action's first change are ones taking it set off (its policy superseded a
    // started handler): they are part of the send, and its closure asserts them with the action's change.
    while case .change(let before, _, .cancellation) = skipped.last {
      old = before
      skipped.removeLast()
    }
    reportSkipped(skipped, before: what, at: location)
    return (old, new)
  }

  /// Reports, at the send that caused them, actions a state machine had no transition for.
  func reportMissingTransitions(during what: String, at location: TestLocation) {
    guard isExhaustive else { return }
    let missing = recorder.log.withLock { log -> [String] in
      let items = log.pending.filter { if case .missingTransition = $0 { true } else { false } }
      log.pending.removeAll { if case .missingTransition = $0 { true } else { false } }
      return items.map { $0.describe(cause: describe) }
    }
    for message in missing {
      fail(
        "During \(what), \(message). Add a row to the transition table, or pass onMissing: to handle it.",
        at: location)
    }
  }

  func reportSkipped(_ skipped: [TestStoreRecorder<I>.Item], before what: String, at location: TestLocation) {
    guard !skipped.isEmpty else { return }
    let descriptions = skipped.map { $0.describe(cause: describe) }
    if isExhaustive {
      fail(
        """
        Before \(what), the test must assert what happened first:
        \(descriptions.map { "  • " + $0 }.joined(separator: "\n"))
        Assert changes with step { … } and actions sent from inside with receive(…).
        """, at: location)
    } else if exhaustivity.showsSkipped {
      recorder.log.withLock { $0.skipped += descriptions }
    }
  }
}
