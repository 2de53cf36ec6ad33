@testable import Actuate
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
    var steps: [ModelStep] = []
    var jobs = 0
    for _ in 0..<Int.random(in: 5...25, using: &generator) {
      let step = ModelStep.random(jobs: jobs, mix: mix, using: &generator)
      jobs += step.sentJobs
      steps.append(step)
    }
    let hex = "0x" + String(seed, radix: 16)
    let filter =
      explored ? "UnderExploredSchedules" : mix == .all ? "theStoreAgreesWithTheReferenceModel\\(" : "OnLimits"
    return await ModelRun.check(steps, schedule: explored ? .seed(seed) : nil) { message, trace in
      "seed \(hex): \(message)\nsteps:\n  \(trace)\nreplay: ACTUATE_MODEL_SEED=\(hex) swift test --filter \(filter)"
    }
  }
}
