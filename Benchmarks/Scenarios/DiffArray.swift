import Actuate

/// The debug log's diff of a large array with one element changed; the cost of logging a change.
enum DiffArray {
  static let scenario = Scenario(name: "diff-array-10k", target: .duration(.milliseconds(5))) { settings in
    let count = settings.count(10_000, quickDivisor: 10)
    let old = Item.array(count)
    var new = old
    new[count / 2].name = "changed"
    let runs = try await DiffTiming.diff(old, new, repetitions: settings.quick ? 1 : 10, settings: settings)
    return ScenarioResult(
      name: "diff-array-10k", count: count, runs: runs, baseline: "== over the same two arrays",
      target: .duration(.milliseconds(5)), settings: settings, operations: 1)
  }

  /// Whether the diff stays linear: the 100,000-element diff against the 10,000-element one, same run.
  static let scaling = Scenario(name: "diff-array-100k", target: .ratio(12)) { settings in
    let small = settings.count(10_000, quickDivisor: 10)
    let large = small * 10
    let repetitions = settings.quick ? 1 : 3
    func pair(_ count: Int) -> ([Item], [Item]) {
      let old = Item.array(count)
      var new = old
      new[count / 2].name = "changed"
      return (old, new)
    }
    let (smallOld, smallNew) = pair(small)
    let (largeOld, largeNew) = pair(large)
    let runs = try await settings.compare(
      actuate: { DiffTiming.perCall(repetitions) { DebugLog.diff(largeOld, largeNew) } },
      baseline: { DiffTiming.perCall(repetitions * 10) { DebugLog.diff(smallOld, smallNew) } }
    )
    return ScenarioResult(
      name: "diff-array-100k", count: large, runs: runs, baseline: "the same diff over \(Format.count(small)) elements",
      target: .ratio(12), settings: settings, operations: 1)
  }
}
