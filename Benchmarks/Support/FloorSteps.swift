/// The result of a floor scenario (task-floor, inline-floor): each step was timed against the bare awaited
/// actor call, the row is the last step, and each step's time and ratio is a note.
func floorResult(
  name: String, count: Int, settings: Settings, steps: [(description: String, runs: Runs)]
) -> ScenarioResult {
  var result = ScenarioResult(
    name: name, count: count, runs: steps.last!.runs, baseline: "awaiting a bare actor method per action",
    target: .none, settings: settings)
  for (index, step) in steps.enumerated() {
    let perOp = step.runs.actuate.median.seconds * 1e9 / Double(count)
    let ratio = step.runs.actuate.median.seconds / step.runs.baseline.median.seconds
    let row = index == steps.count - 1 ? " (the row above)" : ""
    result.notes.append("\(step.description)\(row): \(Int(perOp)) ns, \(Format.number(ratio))× bare")
  }
  return result
}

/// The floors' baseline: `count` awaited calls of a bare actor's method.
func timeBareIncrements(_ count: Int) async -> Duration {
  let counter = BareCounter()
  let start = ContinuousClock.now
  for _ in 0..<count { await counter.increment() }
  return ContinuousClock.now - start
}
