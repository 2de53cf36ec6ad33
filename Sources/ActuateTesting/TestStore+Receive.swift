import Actuate

extension TestStore where I.Action: Equatable {
  /// Asserts that the store sent `action` from inside (a handler or a hook did), next, and the first state
  /// change it made.
  ///
  /// Returns the received action's task, to assert how it ended: `#expect(task?.outcome == .cancelled(.superseded))`.
  /// `nil` when nothing was received (the test has failed).
  @discardableResult
  public func receive(
    _ action: I.Action,
    assert update: (@Sendable (inout I.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> ActionTask? {
    await receive(
      Actuate.describe(action), where: { $0 == action }, assert: update,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// Asserts that the store sent, from inside, an action that `predicate` accepts, next, and the first
  /// state change it made.
  ///
  /// Returns the received action's task, to assert how it ended; `nil` when nothing was received.
  @discardableResult
  public func receive(
    where predicate: @escaping @Sendable (I.Action) -> Bool,
    assert update: (@Sendable (inout I.State) throws -> Void)? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> ActionTask? {
    await receive(
      "an action matching the predicate", where: predicate, assert: update,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func receive(
    _ expected: String, where predicate: @escaping @Sendable (I.Action) -> Bool,
    assert update: (@Sendable (inout I.State) throws -> Void)?, at location: TestLocation
  ) async -> ActionTask? {
    let what = "receive(\(expected))"
    refuseInsideOverlap(what, at: location)
    let exhaustive = isExhaustive
    let wait = await wait(during: what, at: location) { log in
      exhaustive
        ? log.firstReceivedIndex != nil
        : log.pending.contains { item in
          if case .received(let action, _) = item { return predicate(action) }
          return false
        }
    }
    let taken = recorder.log.withLock { log in
      log.take(
        at: exhaustive
          ? log.firstReceivedIndex
          : log.pending.firstIndex { item in
            if case .received(let action, _) = item { return predicate(action) }
            return false
          })
    }
    let skipped = taken?.skipped ?? []
    var received: (I.Action, UInt64)?
    if case .received(let action, let task) = taken?.item { received = (action, task) }
    reportSkipped(skipped, before: what, at: location)
    guard let (action, task) = received else {
      let why =
        switch wait {
        case .satisfied, .settled:
          canAdvance
            ? "nothing was sent, and nothing more can happen until the test acts (every task has ended or sleeps on the TestClock); advance the clock or send the action that leads to it"
            : "nothing was sent, and nothing more can happen until the test acts (every task has ended or waits for an element the test feeds, and nothing sleeps on the TestClock); send the action that leads to it"
        case .timedOut: "nothing was sent within \(timeout)"
        }
      fail("The test expected to \(what), but \(why).\(wait == .timedOut ? await stillRunning() : "")", at: location)
      return nil
    }
    guard predicate(action) else {
      fail(
        """
        The store sent \(Actuate.describe(action)), but the test expected to \(what).
        Actions sent from inside are received in the order they were sent.
        """, at: location)
      return nil
    }
    if let update {
      await assertFirstChange(by: task, update: update, what: what, at: location)
    }
    await settle(during: what, at: location)
    return await actionTask(numbered: task)
  }

  /// Whether advancing the clock can make something happen once the store is settled: only if anything
  /// sleeps on it. When nothing does, advising the clock would mislead: the expected change is not coming.
  var canAdvance: Bool { testClock?.hasSleepers == true }

  /// A handle on the task numbered `number`: the store's, or, once it has ended, one that says how.
  func actionTask(numbered number: UInt64) async -> ActionTask? {
    if let task = await store.actor.actionTask(numbered: number) { return task }
    guard let outcome = recorder.log.withLock({ $0.receivedOutcomes[number] }) else { return nil }
    return store.actor.endedActionTask(numbered: number, outcome: outcome)
  }

  /// Asserts the next state change, whatever made it: the next stretch of a long handler, or a hook.
  public func step(
    assert update: @Sendable (inout I.State) throws -> Void,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await assertNextChange(what: "step", update: update, at: location) { _ in true }
  }

  /// Triggers a hook's sequence with `trigger` (yield to the stream the test injected, say) and asserts the
  /// state change the hook makes.
  public func trigger(
    _ hook: I.Hook,
    by trigger: @Sendable () async -> Void,
    assert update: @Sendable (inout I.State) throws -> Void,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where I.Hook: Equatable {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await trigger()
    await assertNextChange(what: "trigger(\(Actuate.describe(hook)))", update: update, at: location) { cause in
      if case .hook(let source) = cause { return source == hook }
      return false
    }
  }

  func assertNextChange(
    what: String, update: @Sendable (inout I.State) throws -> Void, at location: TestLocation,
    causedBy matches: @escaping @Sendable (StoreCause<I>) -> Bool
  ) async {
    refuseInsideOverlap(what, at: location)
    let exhaustive = isExhaustive
    let index: @Sendable (TestStoreRecorder<I>.Log) -> Int? = { log in
      log.pending.firstIndex { item in
        if case .change(_, _, let cause) = item { return matches(cause) }
        return false
      }
    }
    let wait = await wait(during: what, at: location) { index($0) != nil }
    let taken = recorder.log.withLock { log in log.take(at: index(log)) }
    let skipped = taken?.skipped ?? []
    var change: (I.State, I.State)?
    if case .change(let old, let new, _) = taken?.item { change = (old, new) }
    if exhaustive, let received = skipped.first(where: { if case .received = $0 { true } else { false } }),
      case .received(let action, _) = received
    {
      fail(
        "Before the change the test asserts with \(what), the store sent \(Actuate.describe(action)) from inside: call receive(\(Actuate.describe(action))) first.",
        at: location)
    } else {
      reportSkipped(skipped, before: what, at: location)
    }
    guard let (old, new) = change else {
      let why =
        switch wait {
        case .satisfied, .settled:
          canAdvance
            ? "no change came, and nothing more can happen until the test acts (every task has ended or sleeps on the TestClock); advance the clock first"
            : "no change came, and none will (every task has ended or waits for an element the test feeds, and nothing sleeps on the TestClock) unless the test sends or feeds something"
        case .timedOut: "no change came within \(timeout)"
        }
      return fail(
        "The test expected a state change at \(what), but \(why).\(wait == .timedOut ? await stillRunning() : "")",
        at: location)
    }
    check(old, new, update: update, what: what, at: location)
    await settle(during: what, at: location)
  }
}
