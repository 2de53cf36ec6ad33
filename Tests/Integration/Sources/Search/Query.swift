/// A target named like Actuate's Search example, to prove the names do not clash.
public struct Query: Sendable {
  /// What the user typed.
  public var text: String

  /// A query for `text`.
  public init(text: String) {
    self.text = text
  }
}
