/// Where a replay first did something else than the recording: the change whose state differs, or that
/// did not come, with the action that made it in the recording and the line of the session file.
///
/// ``replay(session:interactor:timeout:fileID:filePath:line:column:)`` fails the test with its
/// ``description``; ``divergence(replaying:interactor:timeout:)`` returns it, for a test that asserts
/// where changed code parts from an old recording.
public struct SessionDivergence: Sendable, CustomStringConvertible {
  /// The session file's path.
  public let path: String
  /// The line of the session file the replay parted from, from 1.
  public let line: Int
  /// The number of the recorded change, from 1, or `nil` when the replay parted elsewhere (a dependency
  /// call the code no longer makes, a change the recording does not have).
  public let change: Int?
  /// The action whose handler made the change in the recording, as the log writes it (`.search("tab")`),
  /// or what else made it (`hook .queryTyped`).
  public let action: String
  /// The state the recording has against the one the replay made (`-` recorded, `+` replayed); empty when
  /// no state is compared.
  public let diff: String
  /// What happened, in a sentence.
  public let summary: String

  /// The whole report: where, what, and the diff.
  public var description: String {
    let head = "\(path):\(line): the replay diverged from the recording: \(summary)"
    guard !diff.isEmpty else { return head }
    return head + " (- recorded, + replayed):\n\n" + diff
  }
}
