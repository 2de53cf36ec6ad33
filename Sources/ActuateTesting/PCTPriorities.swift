/// The state of ``TestSchedule/pct(seed:depth:steps:)`` over one TestStore's run: probabilistic concurrency
/// testing (Burckhardt, Kothari, Musuvathi and Nagarakatte, ASPLOS 2010), as AWS Shuttle and Microsoft
/// Coyote offer it.
///
/// Each task gets a random priority when its first job is seen, and the runnable job of the task with the
/// highest runs. At `depth - 1` steps (choices among several runnable jobs) drawn at random among the run's
/// first `steps`, the task picked then drops, after that job, below every task that has not dropped. A race
/// that shows only if `d` jobs run in one order among the others (its depth) then shows in each run with a
/// probability of at least `1 / (n × steps^(d-1))` for `n` tasks, however long the rest of the test: random
/// picks give no such bound, since they reorder everything at every step.
struct PCTPriorities {
  private var random: SplitMix64
  /// Each task's priority, drawn above the dropped ones when its first job is seen.
  private var priorities: [UInt64: UInt64] = [:]
  /// The steps at which the task picked drops, each to the priority it drops to: 1 to `depth - 1`,
  /// by the order they were drawn, so that which change comes first is random too.
  private let changePoints: [Int: UInt64]
  private let depth: UInt64
  /// The choices made so far.
  private var step = 0

  init(seed: UInt64, depth: Int, steps: Int) {
    random = SplitMix64(seed: seed)
    self.depth = UInt64(max(depth, 1))
    var points: [Int: UInt64] = [:]
    let count = min(max(depth - 1, 0), max(steps, 0))
    while points.count < count {
      let point = random.next(below: steps) + 1
      if points[point] == nil { points[point] = UInt64(points.count + 1) }
    }
    changePoints = points
  }

  /// The index of the candidate to run: the one whose task has the highest priority, the first on a tie.
  /// `task` gives each candidate's task id, `nil` for a job that is no task's (it is a task of its own).
  mutating func pick(among count: Int, task: (Int) -> UInt64?) -> Int {
    step += 1
    var best = 0
    var highest: UInt64 = 0
    for index in 0..<count {
      let priority = priority(of: task(index))
      if index == 0 || priority > highest {
        best = index
        highest = priority
      }
    }
    // A change point drops the task that takes this step once its job has run: it ran at its old priority.
    if let dropped = changePoints[step], let picked = task(best) { priorities[picked] = dropped }
    return best
  }

  private mutating func priority(of task: UInt64?) -> UInt64 {
    if let task, let known = priorities[task] { return known }
    // Above every dropped priority; 56 random bits make a tie between two tasks as good as impossible.
    let drawn = depth + (random.next() >> 8)
    if let task { priorities[task] = drawn }
    return drawn
  }
}
