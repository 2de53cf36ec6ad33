@testable import Actuate
import Foundation
import Testing

/// Every order of events, checked (issue 37, item 4), in the manner of TLA+'s model checker and tokio's
/// loom: for each policy, every sequence of sends to two ids, cancels (by id, by predicate, by handle),
/// handlers returning, the clock moving, batches and a stop, up to a bound, with the invariants checked
/// after every event; and every batch of commands against the same commands one at a time.
///
/// The bound is the number of actions sent (and of commands in a batch): 3 by default, 2 under a
/// sanitizer; `ACTUATE_EXHAUSTIVE_BOUND=4 swift test --filter Exhaustive` runs deeper. Coverage is printed.
@Suite("Scheduler: every order of events, exhaustively")
struct ExhaustiveScheduleTests {
  static var bound: Int {
    ProcessInfo.processInfo.environment["ACTUATE_EXHAUSTIVE_BOUND"].flatMap(Int.init) ?? (Sanitizer.isActive ? 2 : 3)
  }

  @Test func everyOrderOfEventsKeepsTheInvariants() {
    let bound = Self.bound
    var total = ScheduleExplorer<SchedulerUnderCheck>.Report()
    for scenario in ExhaustiveScenario.all(actions: bound) {
      let explorer = ScheduleExplorer { tracing in SchedulerUnderCheck(scenario, tracing: tracing) }
      let report = explorer.run()
      print(
        "Exhaustive \(scenario), \(bound) actions: \(report.states) states, \(report.sequences) event sequences run, "
          + "longest \(report.depth) events, \(Self.format(report.seconds)) s")
      total.states += report.states
      total.sequences += report.sequences
      total.depth = max(total.depth, report.depth)
      total.seconds += report.seconds
      if let violation = report.violation {
        Issue.record(
          """
          \(scenario): \(violation.message), after the shortest sequence of events that breaks it:
          \(violation.trace)
          """)
        return
      }
    }
    print(
      "Exhaustive, every policy, \(bound) actions: \(total.states) states, \(total.sequences) event sequences run, "
        + "longest \(total.depth) events, \(Self.format(total.seconds)) s")
  }

  @Test func aBatchDecidesAsTheSameCommandsTakenOneAtATime() {
    let bound = Self.bound
    var counts: [BatchEquivalence.Divergence: Int] = [:]
    var examples: [BatchEquivalence.Divergence: String] = [:]
    let clock = ContinuousClock()
    let started = clock.now
    for scenario in ExhaustiveScenario.all(actions: bound) {
      let equivalence = BatchEquivalence(scenario: scenario)
      for length in 1...bound {
        for prelude in [[], ["a"], ["a", "a"]] {
          for batch in equivalence.batches(of: length, after: prelude.count) {
            let (together, alone, kind, disagreement) = equivalence.compare(prelude: prelude, batch)
            counts[kind, default: 0] += 1
            let example = Self.describe(scenario, prelude, batch, together, alone)
            if examples[kind] == nil { examples[kind] = example }
            if let disagreement {
              Issue.record("\(example)\nthe reference model disagrees with the batch: \(disagreement)")
              return
            }
            if kind == .other {
              Issue.record("A batch changed an outcome:\n\(example)")
              return
            }
          }
        }
      }
    }
    let checked = counts.values.reduce(0, +)
    print(
      "Exhaustive batches, every policy, up to \(bound) commands after 0 to 2 actions: \(checked) batches, each "
        + "against its commands one at a time, \(Self.format(ScheduleExplorer<SchedulerUnderCheck>.seconds(clock.now - started))) s")
    for kind in BatchEquivalence.Divergence.allCases where kind != .none {
      guard let count = counts[kind] else { continue }
      let known = kind == .quickHandlerCancelledFirst ? "" : " (a bug, disabled tests below)"
      print("  \(count) batches where an action \(kind)\(known); the shortest:\n\(examples[kind]!)")
    }
  }

  // MARK: Found by the checker

  /// An action the batch lookahead drops because a later command cancels it "supersedes nothing", so the
  /// action it superseded runs on; one at a time, it was superseded.
  @Test(.disabled("bug: [send #0 cancelPrevious a, send #1 cancelPrevious a, cancel #1] as one batch: #0 runs; one at a time, #0 is superseded"))
  func aSupersedingActionTheLookaheadDropsStillSupersedes() {
    let scenario = ExhaustiveScenario.all(actions: 2).first { $0.kind == .cancelPrevious }!
    let equivalence = BatchEquivalence(scenario: scenario)
    let batch: [CheckedCommand] = [.send("a", quick: false), .send("a", quick: false), .cancelTask(1)]
    let together = equivalence.take(prelude: [], batch, together: true).0
    let alone = equivalence.take(prelude: [], batch, together: false).0
    #expect(together == alone, "\(Self.describe(scenario, [], batch, together, alone))")
  }

  /// A cancel the batch lookahead applies to an action its own policy would have dropped (drop-new,
  /// throttle) or superseded gives the action the cancel's reason, not the policy's.
  @Test(.disabled("bug: [send #0 dropNew a, send #1 dropNew a, cancel id a] as one batch: #1 ends .cancelled(.explicit); one at a time, .cancelled(.alreadyRunning)"))
  func aLookedAheadCancelKeepsTheReasonThePolicyGives() {
    let scenario = ExhaustiveScenario.all(actions: 2).first { $0.kind == .dropNew }!
    let equivalence = BatchEquivalence(scenario: scenario)
    let batch: [CheckedCommand] = [.send("a", quick: false), .send("a", quick: false), .cancel("a")]
    let together = equivalence.take(prelude: [], batch, together: true).0
    let alone = equivalence.take(prelude: [], batch, together: false).0
    #expect(together == alone, "\(Self.describe(scenario, [], batch, together, alone))")
  }

  // MARK: Reading

  private static func describe(
    _ scenario: ExhaustiveScenario, _ prelude: [String], _ batch: [CheckedCommand],
    _ together: BatchEquivalence.Taken, _ alone: BatchEquivalence.Taken
  ) -> String {
    let sends = prelude.isEmpty ? "" : "after \(prelude.count) sent to \(prelude.joined(separator: ", ")) one at a time, "
    return """
        \(scenario): \(sends)[\(batch.map(\.description).joined(separator: "; "))]
          as one batch:    \(text(together))
          one at a time:   \(text(alone))
      """
  }

  private static func text(_ taken: BatchEquivalence.Taken) -> String {
    taken.outcomes.indices.map { number in
      let state =
        if let outcome = taken.outcomes[number] { "\(outcome)" } else if taken.running.contains(number) { "running" } else if taken.held.contains(number) { "waiting" } else { "cancelled, winding down" }
      return "#\(number) \(state)"
    }.joined(separator: ", ")
  }

  private static func format(_ seconds: Double) -> String {
    String(format: "%.2f", seconds)
  }
}
