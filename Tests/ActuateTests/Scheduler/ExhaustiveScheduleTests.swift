@testable import Actuate
import Foundation
import Testing

/// Every order of events, checked (issue 37, item 4), in the manner of TLA+'s model checker and tokio's
/// loom: for each policy, every sequence of sends to two ids, cancels (by id, by predicate, by handle),
/// handlers returning, the clock moving, batches and a stop, up to a bound, with the invariants checked
/// after every event; and every batch of commands against the same commands one at a time.
///
/// The bounds: 2 actions for the orders of events (a few seconds in a debug build; under a sanitizer,
/// with no batches among the events), and batches of up to 3 commands (2 under a sanitizer).
/// `ACTUATE_EXHAUSTIVE_BOUND=3 swift test --filter ExhaustiveSchedule` sets both to 3, for a deeper run
/// (about a minute of CPU for the orders; the debounce and throttle scenarios make most of it), and
/// `ACTUATE_EXHAUSTIVE_BATCH_BOUND=4` sets the batches' alone. Coverage is printed.
@Suite("Scheduler: every order of events, exhaustively")
struct ExhaustiveScheduleTests {
  static var deepBound: Int? { ProcessInfo.processInfo.environment["ACTUATE_EXHAUSTIVE_BOUND"].flatMap(Int.init) }
  static var actionsBound: Int { deepBound ?? 2 }
  static var batchBound: Int {
    ProcessInfo.processInfo.environment["ACTUATE_EXHAUSTIVE_BATCH_BOUND"].flatMap(Int.init) ?? deepBound
      ?? (Sanitizer.isActive ? 2 : 3)
  }
  /// Under a sanitizer, without a deep bound, batches are left to the equivalence test.
  static var batchesAmongEvents: Bool { deepBound != nil || !Sanitizer.isActive }

  @Test func everyOrderOfEventsKeepsTheInvariants() {
    let bound = Self.actionsBound
    var total = ScheduleExplorer<SchedulerUnderCheck>.Report()
    for var scenario in ExhaustiveScenario.all(actions: bound) {
      scenario.batches = Self.batchesAmongEvents
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
    let bound = Self.batchBound
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
            if kind > .quickHandlerCancelledFirst {
              Issue.record("A batch changed an outcome (\(kind)):\n\(example)")
              return
            }
          }
        }
      }
    }
    let checked = counts.values.reduce(0, +)
    print(
      "Exhaustive batches, every policy, up to \(bound) commands after 0 to 2 actions: \(checked) batches, each "
        + "against its commands one at a time, \(Self.format(ScheduleExplorer<SchedulerUnderCheck>.seconds(clock.now - started))) s"
    )
    if let allowed = counts[.quickHandlerCancelledFirst] {
      print(
        "  \(allowed) batches where an action \(BatchEquivalence.Divergence.quickHandlerCancelledFirst); the shortest:\n"
          + examples[.quickHandlerCancelledFirst]!)
    }
  }

  // MARK: Found by the checker, and fixed

  /// An action the batch lookahead dropped because a later command cancels it "superseded nothing", so the
  /// action it superseded runs on; one at a time, it was superseded.
  @Test
  func aSupersedingActionTheLookaheadDropsStillSupersedes() {
    let scenario = ExhaustiveScenario.all(actions: 2).first { $0.kind == .cancelPrevious }!
    let equivalence = BatchEquivalence(scenario: scenario)
    let batch: [CheckedCommand] = [.send("a", quick: false), .send("a", quick: false), .cancelTask(1)]
    let together = equivalence.take(prelude: [], batch, together: true).0
    let alone = equivalence.take(prelude: [], batch, together: false).0
    #expect(together == alone, "\(Self.describe(scenario, [], batch, together, alone))")
  }

  /// The same to the lookahead: an action it drops holds no place, so the one behind it runs; one at a
  /// time, that one was dropped as the place was taken.
  @Test
  func anActionTheLookaheadDropsStillShutsOutTheOneBehindIt() {
    let scenario = ExhaustiveScenario.all(actions: 2).first { $0.kind == .dropNew }!
    let equivalence = BatchEquivalence(scenario: scenario)
    let batch: [CheckedCommand] = [.send("a", quick: false), .send("a", quick: false), .cancelTask(0)]
    let together = equivalence.take(prelude: [], batch, together: true).0
    let alone = equivalence.take(prelude: [], batch, together: false).0
    #expect(together == alone, "\(Self.describe(scenario, [], batch, together, alone))")
  }

  /// A cancel the batch lookahead applies to an action its own policy would have dropped (drop-new,
  /// throttle) or superseded gives the action the cancel's reason, not the policy's.
  @Test
  func aLookedAheadCancelKeepsTheReasonThePolicyGives() {
    let scenario = ExhaustiveScenario.all(actions: 2).first { $0.kind == .dropNew }!
    let equivalence = BatchEquivalence(scenario: scenario)
    let batch: [CheckedCommand] = [.send("a", quick: false), .send("a", quick: false), .cancel("a")]
    let together = equivalence.take(prelude: [], batch, together: true).0
    let alone = equivalence.take(prelude: [], batch, together: false).0
    #expect(together == alone, "\(Self.describe(scenario, [], batch, together, alone))")
  }

  /// Looking ahead, a cancel by predicate gives an earlier action its reason only if no later action under
  /// the id supersedes it: `BatchLookahead.reason(cancelling:ids:matchers:)` asks the ids first, so the
  /// farther superseding action wins over the nearer cancel.
  @Test
  func aCancelByPredicateGivesItsReasonBeforeALaterSupersedingAction() {
    let runtime = SchedulerRuntime()
    runtime.batch([
      .send(0, .cancelPrevious(id: "a"), runs: nil), .cancelMatching { _ in true },
      .send(1, .cancelPrevious(id: "a"), runs: nil),
    ])
    runtime.windDown()
    #expect(runtime.outcome(0) == .cancelled(.explicit))
    #expect(runtime.running == [1])
  }

  // MARK: Reading

  private static func describe(
    _ scenario: ExhaustiveScenario, _ prelude: [String], _ batch: [CheckedCommand],
    _ together: BatchEquivalence.Taken, _ alone: BatchEquivalence.Taken
  ) -> String {
    let sends =
      prelude.isEmpty ? "" : "after \(prelude.count) sent to \(prelude.joined(separator: ", ")) one at a time, "
    return """
        \(scenario): \(sends)[\(batch.map(\.description).joined(separator: "; "))]
          as one batch:    \(text(together))
          one at a time:   \(text(alone))
      """
  }

  private static func text(_ taken: BatchEquivalence.Taken) -> String {
    taken.outcomes.indices.map { number in
      let state =
        if let outcome = taken.outcomes[number] { "\(outcome)" } else if taken.running.contains(number) {
          "running"
        } else if taken.held.contains(number) { "waiting" } else { "cancelled, winding down" }
      return "#\(number) \(state)"
    }.joined(separator: ", ")
  }

  private static func format(_ seconds: Double) -> String {
    String(format: "%.2f", seconds)
  }
}
