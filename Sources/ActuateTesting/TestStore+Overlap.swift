import Actuate

extension TestStore {
  /// Lets the effects of what `body` sends overlap, as two taps do in a running app when the first one's
  /// work takes time; then waits until the store is quiet.
  ///
  /// ```swift
  /// await store.overlap {
  ///   await store.send(.increment)
  ///   await store.send(.increment)
  /// }
  /// await store.step { $0.count = 1 }
  /// await store.step { $0.count = 2 }
  /// ```
  ///
  /// Outside this block, each `send` waits until the store is quiet, so two of the test's sends never
  /// overlap. Inside it, each `send` returns once its action's handler has run its first stretch, and the
  /// work the store has under way waits for the test's next call. The ``TestSchedule`` picks how much of
  /// that work runs before the call lands: none under ``TestSchedule/inOrder``, so every action lands
  /// before any of them resumes; under a seed, any point, the same every run of that seed. An element the
  /// body feeds to a stream a hook reads lands the same way, and so does each task a
  /// ``TestClock/advance(by:fileID:filePath:line:column:)`` inside the body wakes.
  ///
  /// The block asserts nothing itself. Before it, as before a `send`, everything earlier must have been
  /// asserted. After it, every change and every action sent from inside that the block led to, the sent
  /// actions' first stretches included, is asserted in the order it happened, with
  /// ``step(assert:fileID:filePath:line:column:)`` and `receive`, as after any send. Inside it, `send` takes
  /// no closure, and `step`, `receive`, `trigger` and `finish` fail: each ends the block early, so nothing
  /// waits on work the block holds.
  @discardableResult
  public func overlap<R>(
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: () async throws -> R
  ) async rethrows -> R {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard overlapping.withLock({ !$0 }) else {
      fail(
        "overlap { … } inside another overlap { … }: the sends of both already overlap; remove the inner one.",
        at: location)
      return try await body()
    }
    requireEarlierAsserted(before: "overlap { … }", at: location)
    await settle(during: "overlap { … }", at: location)
    overlapping.withLock { $0 = true }
    executor.hold()
    let result: R
    do {
      result = try await body()
    } catch {
      await endOverlap(at: location)
      throw error
    }
    await endOverlap(at: location)
    return result
  }

  private func endOverlap(at location: TestLocation) async {
    releaseOverlap()
    await settle(during: "overlap { … }", at: location)
  }

  /// Ends the hold of an ``overlap(isolation:fileID:filePath:line:column:_:)`` block, if one is under way.
  func releaseOverlap() {
    let wasOverlapping = overlapping.withLock { state in
      let was = state
      state = false
      return was
    }
    guard wasOverlapping else { return }
    executor.release()
  }

  /// Inside an overlap block, `send` only sends: its action's first stretch runs now, at a point of the
  /// held work that the schedule picks, and everything it changes is asserted after the block.
  func sendOverlapping(_ action: I.PublicAction, what: String, hasClosure: Bool, at location: TestLocation) async
    -> ActionTask
  {
    if hasClosure {
      fail(
        """
        Inside overlap { … }, \(what) only sends: its changes are asserted after the block, in the order they \
        happened. Remove the closure and assert them with step { … } after the block.
        """, at: location)
    }
    let task = store.send(action)
    await store.actor.drainIntake()
    return task
  }

  /// Fails, and ends the overlap block early, for an assertion made inside it: it would wait for work the
  /// block holds. Returns whether it did.
  @discardableResult
  func refuseInsideOverlap(_ what: String, at location: TestLocation) -> Bool {
    guard overlapping.withLock({ $0 }) else { return false }
    releaseOverlap()
    fail(
      """
      \(what) inside overlap { … }: what the block sends is asserted after it, once the store is quiet. Move \
      \(what) after the block's closing brace.
      """, at: location)
    return true
  }
}
