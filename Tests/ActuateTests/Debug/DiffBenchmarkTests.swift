import Foundation
import Testing

@testable import Actuate

private struct Item: Equatable {
  var id: Int
  var name: String
  var done: Bool
}

private struct Todo: Equatable, Identifiable {
  var id: Int
  var title: String
  var isDone = false
}

/// Deliberately not `Equatable`, to time the reflection-only path.
private struct Point {
  var x: Double
  var y: Double
}

/// Timing is reported, never asserted, so the suite stays deterministic on loaded machines.
/// Run with: `ACTUATE_DIFF_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter DiffBenchmark`
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["ACTUATE_DIFF_BENCH"] != nil))
struct DiffBenchmarkTests {
  private func items(_ count: Int) -> [Item] {
    (0..<count).map { Item(id: $0, name: "item \($0)", done: $0 % 2 == 0) }
  }

  private func measure(_ label: String, repetitions: Int = 20, _ body: () -> Void) {
    body()
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000)
    for _ in 0..<repetitions {
      let elapsed = clock.measure(body)
      best = min(best, elapsed)
    }
    let milliseconds = Double(best.components.attoseconds) / 1e15 + Double(best.components.seconds) * 1e3
    print("BENCH \(label): \(String(format: "%.3f", milliseconds)) ms")
  }

  @Test func arrays() {
    for count in [10_000, 100_000] {
      let old = items(count)
      var changed = old
      changed[count / 2].name = "changed"
      measure("array \(count) one element changed") { _ = DebugLog.diff(old, changed) }
      var inserted = old
      inserted.insert(Item(id: -1, name: "new", done: false), at: count / 3)
      measure("array \(count) one insertion") { _ = DebugLog.diff(old, inserted) }
      measure("array \(count) equal") { _ = DebugLog.diff(old, old) }
    }
  }

  @Test func dictionaries() {
    for count in [10_000, 100_000] {
      let old = Dictionary(uniqueKeysWithValues: items(count).map { ($0.id, $0) })
      var changed = old
      changed[count / 2]?.done.toggle()
      measure("dictionary \(count) one value changed") { _ = DebugLog.diff(old, changed) }
    }
  }

  @Test func identifiable() {
    for count in [10_000, 100_000] {
      let old = (0..<count).map { Todo(id: $0, title: "todo \($0)") }
      var changed = old
      changed[count / 2].isDone = true
      changed.swapAt(10, 20)
      measure("identifiable \(count) one change + swap") { _ = DebugLog.diff(old, changed) }
    }
  }

  @Test func nonEquatable() {
    for count in [10_000, 100_000] {
      let old = (0..<count).map { Point(x: Double($0), y: 0) }
      var changed = old
      changed[count / 2].y = 1
      measure("non-Equatable \(count) one change", repetitions: 3) { _ = DebugLog.diff(old, changed) }
    }
  }

  @Test func dumps() {
    let values = items(10_000)
    measure("dump 10000 capped at 1000 lines", repetitions: 5) { _ = DebugLog.dump(values) }
  }
}
