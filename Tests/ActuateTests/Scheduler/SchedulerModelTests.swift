@testable import Actuate
import Foundation
import Testing

/// The reference model drives the scheduler directly: random sends, cancels of ids and of actions, batches,
/// clock moves and a stop, carried out by ``SchedulerRuntime`` as the store carries them out, must agree
/// with ``ReferenceModel`` after every step on what ran and how each action ended. The scheduler's own
/// bookkeeping must agree too: it holds exactly the actions still open, and no empty group.
///
/// The same steps as `ModelTests`, which run them through a real store; here no task runs, so a case takes
/// microseconds.
@Suite("Scheduler: driven by the reference model")
struct SchedulerModelTests {
  static let batches = 4
  /// 600 cases in all; 150 under a sanitizer.
  static let casesPerBatch = Sanitizer.isActive ? 25 : 100

  /// `ACTUATE_SCHEDULER_MODEL_SEED=0x…` replays one case instead of the batches.
  private static var replaySeed: UInt64? {
    ProcessInfo.processInfo.environment["ACTUATE_SCHEDULER_MODEL_SEED"].flatMap {
      UInt64($0.replacingOccurrences(of: "0x", with: ""), radix: 16)
    }
  }

  @Test(arguments: 0..<batches)
  func theSchedulerAgreesWithTheReferenceModel(batch: Int) {
    Self.run(batch: batch, mix: .all, seedBase: 0x5C4E_D01E)
  }

  @Test(arguments: 0..<batches / 2)
  func theSchedulerAgreesWithTheReferenceModelOnLimits(batch: Int) {
    Self.run(batch: batch, mix: .limits, seedBase: 0x5C4E_11A1)
  }

  private static func run(batch: Int, mix: ModelMix, seedBase: UInt64) {
    if let seed = replaySeed {
      if batch == 0 { check(seed: seed, mix: mix) }
      return
    }
    var seeds = SplitMix64(seed: seedBase &+ UInt64(batch))
    for _ in 0..<casesPerBatch {
      guard check(seed: seeds.next(), mix: mix) else { return }
    }
  }

  // MARK: One case

  /// Runs one case; records an issue naming the seed and returns `false` at the first disagreement.
  @discardableResult
  private static func check(seed: UInt64, mix: ModelMix) -> Bool {
    var generator = SplitMix64(seed: seed)
    let runtime = SchedulerRuntime()
    var model = ReferenceModel()
    var trace: [String] = []

    func fail(_ message: String) -> Bool {
      let hex = "0x" + String(seed, radix: 16)
      // Quoted for the shell; the escaped parenthesis keeps the limits test out of the regular expression.
      let filter =
        mix == .all
        ? #"'theSchedulerAgreesWithTheReferenceModel\('"# : "theSchedulerAgreesWithTheReferenceModelOnLimits"
      Issue.record(
        """
        seed \(hex): \(message)
        steps:
          \(trace.joined(separator: "\n  "))
        replay: ACTUATE_SCHEDULER_MODEL_SEED=\(hex) swift test --filter \(filter)
        """)
      return false
    }

    func agree(after step: String) -> Bool {
      trace.append(step)
      guard let disagreement = disagreement(between: runtime, and: model) else { return true }
      return fail(disagreement)
    }

    for _ in 0..<Int.random(in: 5...25, using: &generator) {
      let step = ModelStep.random(jobs: model.jobs.count, mix: mix, using: &generator)
      switch step {
      case .send(let job):
        model.send(job)
        runtime.send(UInt64(job.number), job.policy, runs: ReferenceModel.tick * job.duration)
      case .cancelGroup(let id):
        model.cancel(group: id)
        runtime.cancel(id: id)
      case .cancelJob(let number):
        model.cancel(job: number)
        runtime.cancel(UInt64(number))
      case .advance(let ticks):
        model.advance(by: ticks)
        runtime.advance(by: ReferenceModel.tick * ticks)
      case .batch(let commands):
        model.batch(commands)
        runtime.batch(commands.map(runtimeCommand))
      }
      // The model's cancelled handlers return at the end of each step: the store is free again.
      runtime.windDown()
      guard agree(after: step.description) else { return false }
    }
    model.stop()
    runtime.stop()
    runtime.windDown()
    guard agree(after: "stop") else { return false }
    let scheduler = runtime.scheduler
    guard scheduler.groups.isEmpty, scheduler.live.isEmpty, scheduler.tags.isEmpty else {
      return fail("stopped, yet the scheduler holds \(scheduler.groups.count) groups and \(scheduler.live.count) tasks")
    }
    let late = ModelJob(number: model.jobs.count, kind: .concurrent, group: nil, duration: 0)
    model.send(late)
    runtime.send(UInt64(late.number), late.policy, runs: .zero)
    return agree(after: "send \(late) after the stop")
  }

  private static func runtimeCommand(_ command: ReferenceModel.BatchCommand) -> SchedulerRuntime.Command {
    switch command {
    case .send(let job): .send(UInt64(job.number), job.policy, runs: ReferenceModel.tick * job.duration)
    case .cancelGroup(let id): .cancel(CancelID(id))
    case .cancelJob(let number): .cancelTask(UInt64(number))
    }
  }

  /// What the runtime and the model disagree on, if anything: the log, an action's outcome, the actions the
  /// scheduler holds, the started ones, or a group kept empty. The exhaustive checker asks it too.
  static func disagreement(between runtime: SchedulerRuntime, and model: ReferenceModel) -> String? {
    if runtime.log != model.log { return "log \(runtime.log), the model says \(model.log)" }
    for number in model.jobs.indices {
      let actual = runtime.outcome(UInt64(number))
      let expected = model.outcomes[number]
      if actual != expected {
        return "job #\(number) ended \(text(of: actual)), the model says \(text(of: expected))"
      }
      let held = runtime.scheduler.record(numbered: UInt64(number)) != nil
      if held != model.isOpen(number) {
        return "the scheduler \(held ? "still holds" : "no longer holds") job #\(number), which the model says is "
          + (model.isOpen(number) ? "open" : "ended")
      }
    }
    let started = Set(runtime.scheduler.startedRecords.keys)
    if started != runtime.running {
      return "the scheduler's started records are \(started.sorted()), the running ones \(runtime.running.sorted())"
    }
    if let empty = runtime.scheduler.groups.first(where: { $0.value.isEmpty })?.key {
      return "the group \(empty) is empty, yet kept"
    }
    return nil
  }

  static func text(of outcome: ActionOutcome?) -> String {
    outcome.map { "\($0)" } ?? "not yet"
  }
}
