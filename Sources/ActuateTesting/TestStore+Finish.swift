import Actuate

extension TestStore {
  /// Waits for every task to end, then fails for anything still running or, in an exhaustive test, left
  /// unasserted. Call it at the end of every test; it stops the store, cancelling whatever still runs.
  public func finish(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let wait = await wait { $0.unfinished.isEmpty }
    let running = recorder.log.withLock { $0.unfinished.sorted { $0.key < $1.key }.map { Actuate.describe($0.value) } }
    if !running.isEmpty {
      let why =
        switch wait {
        case .timedOut: "still running after \(timeout)"
        case .satisfied, .settled: "waiting on the TestClock"
        }
      fail(
        """
        \(running.count) action\(running.count == 1 ? " is" : "s are") \(why) at the end of the test:
        \(running.map { "  • " + $0 }.joined(separator: "\n"))
        Advance the clock (await clock.run()) so they finish, or cancel them, before finish().
        """, at: location)
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
    store.stop()
  }
}
