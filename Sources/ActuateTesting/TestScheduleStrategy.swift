extension TestSchedule {
  /// How an exploration turns each of its seeds into a schedule: ``random``, or ``pct(depth:)``.
  ///
  /// ```swift
  /// await exploreSchedules(seeds: 0..<100, strategy: .pct(depth: 2)) {
  /// ```
  public struct Strategy: Sendable, Hashable, CustomStringConvertible {
    /// PCT's depth, or `nil` for ``random``.
    let depth: Int?

    /// Each seed picks among the runnable jobs at random: ``TestSchedule/seed(_:)``. What an exploration
    /// does unless told otherwise.
    public static let random = Strategy(depth: nil)

    /// Each seed ranks the tasks at random and changes the ranking at `depth - 1` random steps:
    /// ``TestSchedule/pct(seed:depth:steps:)``. A race that needs `depth` jobs in one order (depth 1: one
    /// task runs ahead of another; 2: and one of them stops once, at the right point) shows in each run with
    /// a known least probability, where ``random`` gives none. Before its seeds, the exploration runs the
    /// test once in the default order to count the steps it spreads the changes over. A depth below 1
    /// counts as 1.
    public static func pct(depth: Int) -> Strategy {
      Strategy(depth: max(depth, 1))
    }

    /// `.random` or `.pct(depth: n)`, as the test writes it.
    public var description: String {
      depth.map { ".pct(depth: \($0))" } ?? ".random"
    }

    /// The schedule of one seed's run; `steps` is what the run in the default order counted.
    func schedule(seed: UInt64, steps: Int) -> TestSchedule {
      guard let depth else { return .seed(seed) }
      return .pct(seed: seed, depth: depth, steps: steps)
    }

    /// Whether the exploration first counts the steps of a run in the default order.
    var countsSteps: Bool { depth != nil }
  }
}
