/// The order in which a ``TestStore`` runs the jobs that are runnable at once: two handlers that resume
/// together, two hooks woken at one instant of the clock.
///
/// ```swift
/// let store = TestStore(initialState: .init(), interactor: CounterInteractor(), schedule: .seed(17))
/// ```
///
/// ``inOrder``, the default, runs them in the order they became runnable: the same test gives the same changes
/// and received actions in the same order every run. A seed picks among them with a generator of its own,
/// and, inside ``TestStore/overlap(isolation:fileID:filePath:line:column:_:)``, where each of the test's calls
/// lands among the work under way: to explore other interleavings (``exploreSchedules(seeds:isolation:fileID:filePath:line:column:_:)``,
/// ``ExploringSchedulesTrait``) and replay one exactly. A seed replays the same way for the same build of
/// the test; an optimised build removes hops and can order differently.
public struct TestSchedule: Sendable, Hashable, CustomStringConvertible {
  /// The seed, or `nil` for ``inOrder`` and ``picks(_:)``.
  public let seed: UInt64?
  /// The picks a run of ``exploreAllSchedules(maxDeviations:maxRuns:isolation:fileID:filePath:line:column:_:)``
  /// made, or `nil`.
  public let picks: [Int]?

  private init(seed: UInt64?, picks: [Int]? = nil) {
    self.seed = seed
    self.picks = picks
  }

  /// Jobs run in the order they became runnable; inside ``TestStore/overlap(isolation:fileID:filePath:line:column:_:)``,
  /// each of the test's calls lands before any of the work under way resumes.
  public static let inOrder = TestSchedule(seed: nil)

  /// Jobs run in an order a generator seeded with `seed` picks, and the test's calls inside an overlap block
  /// land where it picks, the same every run of the same build.
  public static func seed(_ seed: UInt64) -> TestSchedule {
    TestSchedule(seed: seed)
  }

  /// Each time several jobs are runnable at once, the job at the next index of `picks` among them (the
  /// first is the one ``inOrder`` runs; an index past the last is the last); once `picks` runs out, the
  /// first. The schedule an exhaustive exploration names, to replay the run that failed.
  public static func picks(_ picks: [Int]) -> TestSchedule {
    TestSchedule(seed: nil, picks: picks.map { max($0, 0) })
  }

  /// `.inOrder`, `.seed(n)` or `.picks([…])`: how a failure names the schedule, and how to write it to replay it.
  public var description: String {
    if let seed { return ".seed(\(seed))" }
    if let picks { return ".picks(\(picks))" }
    return ".inOrder"
  }

  /// The schedule a TestStore made now takes when it is given none: ``exploreSchedules(seeds:isolation:fileID:filePath:line:column:_:)``'s seed,
  /// or ``inOrder``.
  @TaskLocal static var current = TestSchedule.inOrder

  func picker() -> Picker {
    Picker(
      state: seed.map { $0 &+ 0x9E37_79B9_7F4A_7C15 }, forced: picks,
      log: picks == nil ? nil : PickLog.current?.joined())
  }

  /// Picks the next job among those runnable: the first, one a SplitMix64 generator chooses, or the next of
  /// the forced picks, written down for the exhaustive exploration.
  struct Picker {
    var state: UInt64?
    var forced: [Int]?
    var log: PickLog?
    /// How many forced picks were made.
    var made = 0

    mutating func pick(among count: Int) -> Int {
      guard count > 1 else { return 0 }
      if let forced {
        let choice = made < forced.count ? min(forced[made], count - 1) : 0
        made += 1
        log?.append(choice, among: count)
        return choice
      }
      guard var value = state else { return 0 }
      value &+= 0x9E37_79B9_7F4A_7C15
      state = value
      var mixed = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      mixed ^= mixed >> 31
      return Int(mixed % UInt64(count))
    }
  }
}
