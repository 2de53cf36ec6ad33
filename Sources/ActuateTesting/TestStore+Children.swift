import Actuate

extension TestStore {
  /// Triggers the sequence of a child's hook with `trigger` (yield to the stream the test injected into the
  /// child's interactor, say) and asserts the state change that hook makes, in the parent's state.
  ///
  /// ```swift
  /// await store.trigger(.incoming, of: FeedInteractor.self, by: { messages.yield("hi") }) {
  ///   $0.feed.items = ["hi"]
  /// }
  /// ```
  ///
  /// Any child of type `Child`, at any depth, whose hook `hook` makes the next change matches.
  public func trigger<Child: Interactor>(
    _ hook: Child.Hook,
    of child: Child.Type,
    by trigger: @Sendable () async -> Void,
    assert update: @Sendable (inout I.State) throws -> Void,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await trigger()
    await assertNextChange(
      what: "trigger(\(Actuate.describe(hook)), of: \(Child.self))", update: update, at: location
    ) { cause in
      if case .childHook(let child) = cause { return child.matches(hook, of: Child.self) }
      return false
    }
  }

  /// In an exhaustive test, fails for every warning the store gave (an action for a child that is not
  /// there), in the warning's own words. A test that is not exhaustive leaves them with the other
  /// unasserted events.
  func reportWarnings(during what: String, at location: TestLocation) {
    guard isExhaustive else { return }
    let warnings = recorder.log.withLock { log -> [String] in
      let items = log.pending.compactMap { item -> String? in
        if case .warning(let message) = item { return message }
        return nil
      }
      log.pending.removeAll { if case .warning = $0 { true } else { false } }
      return items
    }
    for message in warnings {
      fail("During \(what), the store warned: \(message)", at: location)
    }
  }
}
