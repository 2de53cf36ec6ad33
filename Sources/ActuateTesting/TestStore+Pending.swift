import Actuate

extension TestStore {
  /// The unasserted items, described for a failure message; empties the list.
  func takePending() -> [String] {
    let pending = recorder.log.withLock { log in
      defer { log.pending = [] }
      return log.pending
    }
    if let last = pending.last(where: { if case .change = $0 { true } else { false } }),
      case .change(_, let new, _) = last
    {
      takeAsAsserted(new)
    }
    return pending.map { $0.describe(cause: describe) }
  }

  /// Before the test acts: in an exhaustive test, fails for what happened earlier and was not asserted; in
  /// a non-exhaustive one, drops it.
  func requireEarlierAsserted(before what: String, at location: TestLocation) {
    guard isExhaustive else { return skipPending() }
    let leftovers = takePending()
    guard !leftovers.isEmpty else { return }
    fail(
      """
      Before \(what), the test must assert what happened earlier:
      \(leftovers.map { "  • " + $0 }.joined(separator: "\n"))
      Assert changes with step { … } and actions sent from inside with receive(…), or make the test \
      non-exhaustive (exhaustivity = .off).
      """, at: location)
  }

  /// In a non-exhaustive test, drops unasserted items, noting them if asked to.
  func skipPending() {
    let skipped = takePending()
    if exhaustivity.showsSkipped, !skipped.isEmpty {
      recorder.log.withLock { $0.skipped += skipped }
    }
  }
}
