import Actuate

/// Compares each change of a replay with the recorded one: its state, by their encodings (a redacted value
/// is a marker in both, so it is compared as unknown rather than failing the replay), then its cause.
struct ChangeChecker<I: Interactor> where I.State: Codable & Equatable {
  let path: String

  /// The divergence at recorded change `number`, or `nil` if the replay's change `actual` matches it.
  mutating func check(
    number: Int, cause: String, recorded: String, actual: (new: I.State, cause: StoreCause<I>)?, line: Int
  ) -> SessionDivergence? {
    guard let actual else {
      return SessionDivergence(
        path: path, line: line, change: number, action: cause, diff: "",
        summary:
          "change \(number), made by \(cause) in the recording, never came: the replay made no change here, and none was waiting."
      )
    }
    // A state the recording could not encode is left unchecked.
    if recorded != "null", let replayed = (try? SessionCoding.json(actual.new)) ?? nil,
      !JSONFields.same(replayed, recorded)
    {
      return SessionDivergence(
        path: path, line: line, change: number, action: cause, diff: diff(recorded, actual.new, replayed),
        summary: "change \(number), made by \(cause), left another state")
    }
    // The same state made by other code (a hook where the recording had an action) is a divergence too: the
    // code took another path. A line without a cause ("?") is left unchecked. Causes are compared without
    // their payloads: an action a handler sends may carry what differs every run (a fresh id, a date) and
    // never reaches the state, which was compared above.
    let replayedCause = SessionCoding.describe(actual.cause)
    guard cause != "?", Self.withoutPayload(replayedCause) != Self.withoutPayload(cause) else { return nil }
    return SessionDivergence(
      path: path, line: line, change: number, action: cause, diff: "",
      summary: "change \(number) was made by \(cause) in the recording, and by \(replayedCause) in the replay")
  }

  /// `.add(2)` as `.add`; a cause without a payload as it is.
  private static func withoutPayload(_ cause: String) -> Substring {
    cause.prefix { $0 != "(" }
  }

  /// A value diff of the two states when the recorded one decodes, else their JSON side by side.
  private func diff(_ recorded: String, _ actual: I.State, _ replayed: String) -> String {
    if let expected = try? SessionCoding.decode(I.State.self, from: recorded),
      let diff = DebugLog.diff(expected, actual)
    {
      return diff.indented
    }
    let old = (JSONValue(parsing: recorded)?.prettyText ?? recorded).split(separator: "\n").map { "- " + $0 }
    let new = (JSONValue(parsing: replayed)?.prettyText ?? replayed).split(separator: "\n").map { "+ " + $0 }
    return (old + new).joined(separator: "\n").indented
  }
}
