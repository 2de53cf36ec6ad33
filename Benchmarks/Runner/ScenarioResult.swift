/// What one scenario found: medians, their ratio, and whether the target was met.
struct ScenarioResult: Sendable, Encodable {
  enum Status: String, Sendable, Encodable {
    case met
    case missed
    /// Quick mode, or a scenario without a timing target: figures only.
    case reported
    case notAvailable = "not available"
    /// The work came out wrong (or threw); the run exits with a failure.
    case failed
  }

  struct Timing: Sendable, Encodable {
    let medianSeconds: Double
    let runsSeconds: [Double]
    let perOperationNanoseconds: Double?

    init(_ runs: [Duration], operations: Int?) {
      let median = runs.median.seconds
      medianSeconds = median
      runsSeconds = runs.map(\.seconds)
      perOperationNanoseconds = operations.map { median * 1e9 / Double($0) }
    }
  }

  let name: String
  var count: Int?
  var actuate: Timing?
  var baseline: Timing?
  var baselineName: String?
  var ratio: Double?
  let target: String
  var status: Status
  var notes: [String] = []
  var metrics: [String: Double] = [:]

  /// A scenario timed against a baseline, judged by ratio or by Actuate's own duration.
  init(
    name: String, count: Int, runs: Runs, baseline: String, target: Target, settings: Settings,
    operations: Int? = nil
  ) {
    self.name = name
    self.count = count
    actuate = Timing(runs.actuate, operations: operations ?? count)
    self.baseline = Timing(runs.baseline, operations: operations ?? count)
    baselineName = baseline
    let actuateMedian = runs.actuate.median
    let baselineMedian = runs.baseline.median
    ratio = baselineMedian > .zero ? actuateMedian.seconds / baselineMedian.seconds : nil
    self.target = target.description
    status = Self.judge(target, actuate: actuateMedian, ratio: ratio, settings: settings)
  }

  /// A scenario with one side only.
  init(name: String, count: Int, runs: [Duration], target: Target, settings: Settings, operations: Int? = nil) {
    self.name = name
    self.count = count
    actuate = Timing(runs, operations: operations ?? count)
    self.target = target.description
    status = Self.judge(target, actuate: runs.median, ratio: nil, settings: settings)
  }

  /// Figures that are not timings; the scenario fills in its notes and metrics.
  init(name: String, target: Target, status: Status) {
    self.name = name
    self.target = target.description
    self.status = status
  }

  init(notAvailable name: String, target: Target, reason: String) {
    self.name = name
    self.target = target.description
    status = .notAvailable
    notes = [reason]
  }

  init(failed name: String, target: Target, message: String) {
    self.name = name
    self.target = target.description
    status = .failed
    notes = [message]
  }

  private static func judge(_ target: Target, actuate: Duration, ratio: Double?, settings: Settings) -> Status {
    guard !settings.quick else { return .reported }
    switch target {
    case .ratio(let limit):
      guard let ratio else { return .reported }
      return ratio <= limit ? .met : .missed
    case .duration(let limit):
      return actuate <= limit ? .met : .missed
    case .none:
      return .reported
    }
  }
}
