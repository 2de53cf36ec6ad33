@testable import Actuate
import ActuateTesting
import Foundation
import Testing

/// Random sequences of sends, cancels and clock moves, run against the store and the reference model,
/// which must agree after every step on what ran, how each action ended, and the state.
@Suite("Reliability: model", .timeLimit(.minutes(10)))
struct ModelTests {
  static let batches = 8
  /// 2,400 cases in all; 800 under a sanitizer, which runs them ten times slower.
  static let casesPerBatch = Sanitizer.isActive ? 100 : 300

  /// `ACTUATE_MODEL_SEED=0x…` replays one case instead of the batches.
  private static var replaySeed: UInt64? {
    ProcessInfo.processInfo.environment["ACTUATE_MODEL_SEED"].flatMap {
      UInt64($0.replacingOccurrences(of: "0x", with: ""), radix: 16)
    }
  }

  @Test(arguments: 0..<batches)
  func theStoreAgreesWithTheReferenceModel(batch: Int) async {
    await Self.run(batch: batch, mix: .all, seedBase: 0xAC70_A7E0)
  }

  /// Limits of 2 and 3, with each `whenFull`, beside their shorthands of 1 and cancels of every kind.
  @Test(arguments: 0..<batches / 2)
  func theStoreAgreesWithTheReferenceModelOnLimits(batch: Int) async {
    await Self.run(batch: batch, mix: .limits, seedBase: 0x11_3175)
  }

  /// The same cases with the store on a TestStore's executor, each case's jobs in an order its seed picks:
  /// other interleavings of the store's tasks than the runtime gives.
  @Test(arguments: 0..<batches / 2)
  func theStoreAgreesWithTheReferenceModelUnderExploredSchedules(batch: Int) async {
    await Self.run(batch: batch, mix: .all, seedBase: 0x5C4E_D01E, explored: true)
  }

  private static func run(batch: Int, mix: ModelMix, seedBase: UInt64, explored: Bool = false) async {
    if let seed = Self.replaySeed {
      if batch == 0 { await Self.check(seed: seed, mix: mix, explored: explored) }
      return
    }
    var seeds = SplitMix64(seed: seedBase &+ UInt64(batch))
    for _ in 0..<(explored ? Self.casesPerBatch / 3 : Self.casesPerBatch) {
      guard await Self.check(seed: seeds.next(), mix: mix, explored: explored) else { return }
    }
  }

  /// Runs one case; records an issue naming the seed and returns `false` at the first disagreement.
  @discardableResult
  private static func check(seed: UInt64, mix: ModelMix, explored: Bool = false) async -> Bool {
    var generator = SplitMix64(seed: seed)
    let clock = TestClock()
    let store =
      explored
      ? Store(
        initialState: .init(), interactor: ModelInteractor(), clock: clock, hooks: [], observers: [],
        executor: TestExecutor(schedule: .seed(seed)))
      : Store(initialState: .init(), interactor: ModelInteractor(), clock: clock)
    var model = ReferenceModel()
    var tasks: [ActionTask] = []
    // Taken now, so that the store's start is not taken with the first batch of commands held together.
    await store.settleIntake()
    var trace: [String] = []

    func compare(after step: String) async -> Bool {
      trace.append(step)
      for (number, task) in tasks.enumerated() {
        if let expected = model.outcomes[number] {
          guard let actual = await finishUnlessCancelled(task) else {
            return fail("job #\(number) never ended; the model says it ended \(expected)")
          }
          if actual != expected {
            return fail("job #\(number) ended \(actual), the model says \(expected)")
          }
        } else if let actual = task.outcome {
          return fail("job #\(number) ended \(actual), the model says it is still open")
        }
      }
      // A task's outcome is set inside its last stretch on the store: whatever that stretch starts next
      // (a queued serial action) has run once the store takes this call.
      await store.settleIntake()
      let log = await store.state.log
      if !model.allows(log) {
        return fail("log \(log), the model says \(model.log), any order of \(model.openOrders.map(\.segments))")
      }
      return true
    }

    func fail(_ message: String) -> Bool {
      let hex = "0x" + String(seed, radix: 16)
      Issue.record(
        "seed \(hex): \(message)\nsteps:\n  \(trace.joined(separator: "\n  "))\nreplay: ACTUATE_MODEL_SEED=\(hex) swift test --filter \(explored ? "UnderExploredSchedules" : mix == .all ? "theStoreAgreesWithTheReferenceModel\\(" : "OnLimits")"
      )
      return false
    }

    for _ in 0..<Int.random(in: 5...25, using: &generator) {
      let step = ModelStep.random(jobs: tasks.count, mix: mix, using: &generator)
      switch step {
      case .send(let job):
        model.send(job)
        tasks.append(store.send(job))
      case .cancelGroup(let id):
        model.cancel(group: id)
        store.cancel(id: id)
      case .cancelJob(let number):
        model.cancel(job: number)
        tasks[number].cancel()
      case .advance(let ticks):
        model.advance(by: ticks)
        await store.settleIntake()
        await clock.advance(by: ReferenceModel.tick * ticks)
      case .batch(let commands):
        model.batch(commands)
        store.withIntakeHeld {
          for command in commands {
            switch command {
            case .send(let job): tasks.append(store.send(job))
            case .cancelGroup(let id): store.cancel(id: id)
            case .cancelJob(let number): tasks[number].cancel()
            }
          }
        }
      }
      await store.settleIntake()
      guard await compare(after: step.description) else {
        store.stop()
        return false
      }
    }
    model.stop()
    store.stop()
    return await compare(after: "stop")
  }

  /// `finish()` ignores the caller's cancellation; this wait ends when the time limit cancels the test, so
  /// a task that never ends fails its case with the seed instead of hanging the run.
  private static func finishUnlessCancelled(_ task: ActionTask) async -> ActionOutcome? {
    let (outcomes, continuation) = AsyncStream<ActionOutcome>.makeStream()
    let waiter = Task {
      continuation.yield(await task.finish())
      continuation.finish()
    }
    for await outcome in outcomes { return outcome }
    waiter.cancel()
    return nil
  }
}
