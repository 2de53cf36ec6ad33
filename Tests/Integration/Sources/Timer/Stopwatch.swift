/// A target named like Actuate's Timer example, to prove the names do not clash.
public struct Stopwatch: Sendable {
  /// Seconds counted so far.
  public var seconds = 0

  /// A stopwatch at zero.
  public init() {}
}
