extension TestClock {
  /// A point in the test clock's time: a duration since the clock was made.
  public struct Instant: InstantProtocol, Sendable, CustomStringConvertible {
    /// How far this instant is from the clock's start.
    public var offset: Duration

    /// An instant `offset` after the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    public func duration(to other: Self) -> Duration { other.offset - offset }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "TestClock.Instant(\(offset))" }
  }
}
