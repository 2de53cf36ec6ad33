import Actuate

/// The debug log's diff of enums whose case is unchanged, descending into the payload that changed.
enum DiffEnum {
  /// A 50-level indirect enum with its deepest value changed: every level is compared, one leaf printed.
  static let tree = Scenario(name: "diff-enum-tree-50", target: .duration(.milliseconds(1))) { settings in
    let depth = 50
    let old = Tree.chain(depth: depth, leaf: "before")
    let new = Tree.chain(depth: depth, leaf: "changed")
    let runs = try await DiffTiming.diff(old, new, repetitions: settings.quick ? 1 : 100, settings: settings)
    return ScenarioResult(
      name: "diff-enum-tree-50", count: depth, runs: runs, baseline: "== over the same two trees",
      target: .duration(.milliseconds(1)), settings: settings, operations: 1)
  }

  /// A navigation-like stack of 10,000 enum destinations, one payload struct changed in the middle.
  static let stack = Scenario(name: "diff-enum-stack-10k", target: .duration(.milliseconds(5))) { settings in
    let count = settings.count(10_000, quickDivisor: 10)
    let old = Destination.stack(count)
    var new = old
    let middle = count / 2 - count / 2 % 3
    guard case .list(var item) = old[middle] else { throw CheckFailure(description: "no list at \(middle)") }
    item.name = "changed"
    new[middle] = .list(item)
    let runs = try await DiffTiming.diff(old, new, repetitions: settings.quick ? 1 : 10, settings: settings)
    return ScenarioResult(
      name: "diff-enum-stack-10k", count: count, runs: runs, baseline: "== over the same two stacks",
      target: .duration(.milliseconds(5)), settings: settings, operations: 1)
  }
}
