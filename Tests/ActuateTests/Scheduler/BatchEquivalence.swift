@testable import Actuate

/// Commands taken as one batch against the same commands taken one at a time, from the same state: the
/// batch lookahead may save work (drop an action a later command cancels, rather than start it and cancel
/// it at once), but must not change an outcome. A cancel reaches only what came before it, so taken one at
/// a time, no cancel can reach a later action: agreeing with that run is the causal rule.
///
/// Handlers run until ended, or end in their first stretch; a cancelled handler returns at once, after
/// the command that cancelled it, as the model tests have it ("started, then cancelled at once", whose
/// outcome is the same `.cancelled(reason)` as dropped before it started).
struct BatchEquivalence {
  /// What the commands left behind, action by action.
  struct Taken: Equatable {
    var outcomes: [ActionOutcome?] = []
    /// Started (or sleeping out a delay) and not cancelled.
    var running: Set<Int> = []
    /// Held by the scheduler without running: queued, or kept by a throttle window.
    var held: Set<Int> = []
    /// The actions whose handler ends in its first stretch.
    var quick: Set<Int> = []
  }

  /// How a batch's run differs from the one-at-a-time run, worst last.
  enum Divergence: Int, Comparable, CaseIterable, CustomStringConvertible {
    case none
    /// A handler that ends in its first stretch completed one at a time, and was cancelled before it
    /// started in the batch, by a command after it. Allowed: each handler runs in a task of its own, so
    /// a cancel taken after the action may come before its first stretch (the Cancel-before-start row
    /// of Guarantees.md), and one at a time the runtime here runs that stretch at once.
    case quickHandlerCancelledFirst
    /// Every differing action is cancelled both ways, for another reason.
    case reasonOnly
    /// An action runs or waits in the batch that one at a time another action displaced, shut out or made
    /// to wait (superseded, debounced, replaced in or held by a throttle window, dropped as the place was
    /// taken), where the
    /// lookahead dropped that other action before it was taken: to the lookahead it never happened.
    case displacedByDropped
    case other

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    var description: String {
      switch self {
      case .none: "same"
      case .quickHandlerCancelledFirst: "ending in its first stretch is cancelled before it, as it may be (allowed)"
      case .reasonOnly: "cancelled for another reason"
      case .displacedByDropped:
        "runs or waits, though one at a time an action the batch dropped displaced or shut it out"
      case .other: "another outcome"
      }
    }
  }

  let scenario: ExhaustiveScenario

  /// Takes `prelude` (actions to these ids, one at a time, running until ended), then `commands` together
  /// or one at a time; returns what they left, and where the model disagrees with the runtime, if it does.
  /// One at a time, the handlers cancelled so far return after the commands `windDowns` names, all of them
  /// (nil: after every command), as a cancelled task may return at once or later; together, once the
  /// batch is taken. Both ways they return at the end.
  func take(
    prelude: [String], _ commands: [CheckedCommand], together: Bool, windDowns: [Bool]? = nil
  ) -> (Taken, disagreement: String?) {
    let runtime = SchedulerRuntime()
    runtime.tracesDecisions = false
    var model = ReferenceModel()
    var count = 0
    var quickOnes: Set<Int> = []
    func job(to id: String, quick: Bool) -> ModelJob {
      defer { count += 1 }
      if quick { quickOnes.insert(count) }
      return ModelJob(number: count, kind: scenario.kind, group: id, duration: quick ? 0 : ModelJob.untilEnded)
    }
    for id in prelude {
      let job = job(to: id, quick: false)
      model.send(job)
      runtime.send(UInt64(job.number), job.policy)
    }
    if together {
      let (modelCommands, runtimeCommands) = CheckedCommand.translate(commands, ids: scenario.ids) {
        job(to: $0, quick: $1)
      }
      model.batch(modelCommands)
      runtime.batch(runtimeCommands)
      runtime.windDown()
    } else {
      for (index, command) in commands.enumerated() {
        model.cancelledReturnWhenTold = !(windDowns?[index] ?? true)
        switch command {
        case .send(let id, let quick):
          let job = job(to: id, quick: quick)
          model.send(job)
          runtime.send(UInt64(job.number), job.policy, runs: quick ? .zero : nil)
        case .cancel(let id):
          model.cancel(group: id)
          runtime.cancel(id: id)
        case .cancelAll:
          for id in scenario.ids { model.cancel(group: id) }
          runtime.cancel(matching: { _ in true })
        case .cancelTask(let number):
          model.cancel(job: number)
          runtime.cancel(UInt64(number))
        }
        if windDowns?[index] ?? true { runtime.windDown() }
      }
      runtime.windDown()
      model.cancelledReturnWhenTold = false
      model.windDown()
    }
    var taken = Taken(quick: quickOnes)
    for number in 0..<count {
      let record = runtime.record(UInt64(number))
      taken.outcomes.append(record.outcome)
      if runtime.running.contains(UInt64(number)) {
        if !record.isCancelled { taken.running.insert(number) }
      } else if runtime.scheduler.record(numbered: UInt64(number)) != nil {
        taken.held.insert(number)
      }
    }
    return (taken, SchedulerModelTests.disagreement(between: runtime, and: model))
  }

  /// How the batch's run differs from the one-at-a-time run.
  static func divergence(batch: Taken, oneByOne: Taken) -> Divergence {
    var worst = Divergence.none
    for number in batch.outcomes.indices {
      let inBatch = (batch.outcomes[number], batch.running.contains(number), batch.held.contains(number))
      let alone = (oneByOne.outcomes[number], oneByOne.running.contains(number), oneByOne.held.contains(number))
      if inBatch == alone { continue }
      let kind: Divergence =
        switch (inBatch.0, alone.0) {
        case (.cancelled, .completed) where batch.quick.contains(number): .quickHandlerCancelledFirst
        case (.cancelled, .cancelled): .reasonOnly
        // Kept back one at a time by a policy (superseded, debounced, replaced in or held by a throttle
        // window, dropped as the place was taken), and further on in the batch: waiting, running or done.
        case (nil, .cancelled(let reason)) where Self.policyReasons.contains(reason),
          (.completed, .cancelled(let reason)) where Self.policyReasons.contains(reason):
          .displacedByDropped
        case (nil, nil) where inBatch.1 && alone.2, (.completed, nil) where alone.2: .displacedByDropped
        default: .other
        }
      worst = max(worst, kind)
    }
    return worst
  }

  /// The batch's run against the runs of its commands one at a time with the cancelled handlers returning
  /// after any of them: the closest of those, and how the batch differs from it.
  func compare(prelude: [String], _ batch: [CheckedCommand]) -> (together: Taken, alone: Taken, Divergence, String?) {
    let (together, disagreement) = take(prelude: prelude, batch, together: true)
    var closest: (Taken, Divergence)?
    // At once after each command first: the usual run, and the one the example shows if none agrees.
    for pattern in 0..<(1 << batch.count) {
      let windDowns = batch.indices.map { pattern & (1 << $0) == 0 }
      let (alone, _) = take(prelude: prelude, batch, together: false, windDowns: windDowns)
      let divergence = together == alone ? .none : Self.divergence(batch: together, oneByOne: alone)
      if closest == nil || divergence < closest!.1 { closest = (alone, divergence) }
      if divergence == .none { break }
    }
    return (together, closest!.0, closest!.1, disagreement)
  }

  /// The reasons a policy gives as it displaces or shuts out an action.
  static let policyReasons: Set<CancellationReason> = [.superseded, .debounced, .throttled, .alreadyRunning]

  /// Every command a batch may hold when `count` actions have been sent before it.
  func commands(after count: Int) -> [CheckedCommand] {
    scenario.ids.map { .send($0, quick: false) } + [.send(scenario.ids[0], quick: true)]
      + scenario.ids.map { .cancel($0) } + [.cancelAll] + (0..<count).map { .cancelTask($0) }
  }

  /// Every batch of exactly `length` commands after `count` actions, in order.
  func batches(of length: Int, after count: Int) -> [[CheckedCommand]] {
    guard length > 0 else { return [[]] }
    var result: [[CheckedCommand]] = []
    for first in commands(after: count) {
      let sent = if case .send = first { 1 } else { 0 }
      for rest in batches(of: length - 1, after: count + sent) { result.append([first] + rest) }
    }
    return result
  }
}
