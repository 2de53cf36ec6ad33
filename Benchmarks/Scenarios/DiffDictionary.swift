import Actuate

/// The debug log's diff of a large dictionary with one value changed: keys must be paired, in a stable order.
enum DiffDictionary {
  static let scenario = Scenario(name: "diff-dictionary-10k", target: .duration(.milliseconds(10))) { settings in
    let count = settings.count(10_000, quickDivisor: 10)
    let old = Dictionary(uniqueKeysWithValues: Item.array(count).map { ($0.id, $0) })
    var new = old
    new[count / 2]?.name = "changed"
    let runs = try await DiffTiming.diff(old, new, repetitions: settings.quick ? 1 : 10, settings: settings)
    return ScenarioResult(
      name: "diff-dictionary-10k", count: count, runs: runs, baseline: "== over the same two dictionaries",
      target: .duration(.milliseconds(10)), settings: settings, operations: 1)
  }
}
