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

  /// The depth and steps of ``pct(seed:depth:steps:)``, or `nil`.
  let priorities: PCT?

  /// What ``pct(seed:depth:steps:)`` was given, besides its seed.
  struct PCT: Hashable {
    let depth: Int
    let steps: Int
  }

  private init(seed: UInt64?, picks: [Int]? = nil, priorities: PCT? = nil) {
    self.seed = seed
    self.picks = picks
    self.priorities = priorities
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

  /// Each task gets a priority a generator seeded with `seed` draws when its first job is seen, and the
  /// runnable job of the task with the highest runs; at `depth - 1` of the first `steps` choices (a pick
  /// among several runnable jobs), drawn by the same generator, the task picked drops below the others.
  /// Probabilistic concurrency testing (PCT): a race that needs `depth` jobs in one order shows in each run
  /// with a probability of at least `1 / (tasks × steps^(depth - 1))`. `steps` is about how many choices
  /// the test makes: an exploration with ``Strategy/pct(depth:)`` counts them, and a failure names all
  /// three, to replay the run.
  public static func pct(seed: UInt64, depth: Int, steps: Int) -> TestSchedule {
    TestSchedule(seed: seed, priorities: PCT(depth: max(depth, 1), steps: max(steps, 0)))
  }

  /// `.inOrder`, `.seed(n)`, `.picks([…])` or `.pct(seed:depth:steps:)`: how a failure names the schedule,
  /// and how to write it to replay it.
  public var description: String {
    if let seed, let priorities {
      return ".pct(seed: \(seed), depth: \(priorities.depth), steps: \(priorities.steps))"
    }
    if let seed { return ".seed(\(seed))" }
    if let picks { return ".picks(\(picks))" }
    return ".inOrder"
  }

  /// The schedule a TestStore made now takes when it is given none: ``exploreSchedules(seeds:isolation:fileID:filePath:line:column:_:)``'s seed,
  /// or ``inOrder``.
  @TaskLocal static var current = TestSchedule.inOrder

  func picker() -> Picker {
    Picker(
      random: priorities == nil ? seed.map(SplitMix64.init(seed:)) : nil,
      priorities: seed.flatMap { seed in
        priorities.map { PCTPriorities(seed: seed, depth: $0.depth, steps: $0.steps) }
      },
      forced: picks, log: picks == nil ? nil : PickLog.current?.joined(), steps: StepCount.current)
  }

  /// Picks the next job among those runnable: the first, one a SplitMix64 generator chooses, the one whose
  /// task PCT ranks highest, or the next of the forced picks, written down for the exhaustive exploration.
  struct Picker {
    var random: SplitMix64?
    var priorities: PCTPriorities?
    var forced: [Int]?
    var log: PickLog?
    /// Counts the choices, for the run that measures how many steps PCT spreads its change points over.
    var steps: StepCount?
    /// How many forced picks were made.
    var made = 0

    /// Whether the picks need each candidate's task: computing it costs a job's description.
    var needsTasks: Bool { priorities != nil }

    /// The index of the job to run among `count` candidates; `task` gives the task of each, which only
    /// PCT reads.
    mutating func pick(among count: Int, task: (Int) -> UInt64? = { _ in nil }) -> Int {
      // Only a choice counts as a step: whether a lone job goes through here depends on when jobs from
      // outside arrive, which would shift PCT's change points from run to run.
      guard count > 1 else { return 0 }
      steps?.add()
      if priorities != nil { return priorities!.pick(among: count, task: task) }
      if let forced {
        let choice = made < forced.count ? min(forced[made], count - 1) : 0
        made += 1
        log?.append(choice, among: count)
        return choice
      }
      guard random != nil else { return 0 }
      return random!.next(below: count)
    }
  }
}
