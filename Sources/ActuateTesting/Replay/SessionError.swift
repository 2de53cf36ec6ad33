/// A session file a replay cannot use, named with its line: it is cut short, it is another interactor's
/// or a newer format's, a value in it no longer decodes, or the code calls a recorded dependency more
/// often, or with other input, than the recording did.
///
/// ```
/// /tmp/search.jsonl:4: the action no longer decodes as SearchInteractor.Action: …
/// ```
public struct SessionError: Error, CustomStringConvertible, Sendable {
  /// The session file's path.
  public let path: String
  /// The line of the file the problem is on, from 1.
  public let line: Int
  /// What is wrong, and what to do.
  public let message: String

  /// `path:line: message`.
  public var description: String { "\(path):\(line): \(message)" }
}
