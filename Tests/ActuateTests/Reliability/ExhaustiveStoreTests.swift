@testable import Actuate
@testable import ActuateTesting
import Foundation
import Testing

/// The whole store, not the scheduler alone, over every sequence of events up to a bound: for each policy,
/// every sequence of up to three steps (sends to two ids, a handler that ends in its first stretch or later,
/// cancels by id and by handle, the clock moving, commands taken together as one batch), then a stop, run
/// through a real store on a test clock and through the reference model, which must agree after every step
/// (`ModelRun`). Where `ModelTests` samples long sequences at random, this leaves no short one out.
///
/// `ACTUATE_EXHAUSTIVE_STORE_BOUND=4` runs every sequence of four steps instead (about ten times as many).
/// The same sequences run again with the store's jobs in an order a seed picks, one seed each
/// (`ACTUATE_EXHAUSTIVE_STORE_SEEDS=n` for n).
@Suite("Reliability: every short sequence through the store", .timeLimit(.minutes(10)))
struct ExhaustiveStoreTests {
  static var bound: Int {
    ProcessInfo.processInfo.environment["ACTUATE_EXHAUSTIVE_STORE_BOUND"].flatMap(Int.init)
      ?? (Sanitizer.isActive ? 2 : 3)
  }

  static let kinds: [ModelJob.Kind] = [
    .concurrent, .cancelPrevious, .dropNew, .serial, .limit(2, .cancelOldest), .limit(2, .dropNew),
    .limit(2, .wait), .debounce(1), .throttle(1, latest: true), .throttle(1, latest: false),
  ]

  @Test(arguments: kinds)
  func theStoreAgreesWithTheReferenceModelOnEverySequence(kind: ModelJob.Kind) async {
    let clock = ContinuousClock()
    let started = clock.now
    var count = 0
    for steps in Self.sequences(of: kind, length: Self.bound) {
      count += 1
      let passed = await ModelRun.check(steps) { message, trace in
        "\(kind): \(message)\nsteps:\n  \(trace)"
      }
      guard passed else { return }
    }
    let elapsed = (clock.now - started).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    print("Exhaustive store, \(kind): \(count) sequences of \(Self.bound) steps, \(String(format: "%.1f", seconds)) s")
  }

  /// The same sequences with the store on a TestStore's executor, its jobs in the orders a few seeds pick:
  /// handlers that resume together, cleanups and the starts they set off, in other orders than the runtime's.
  @Test(arguments: kinds)
  func theStoreAgreesWithTheReferenceModelOnEverySequenceInOtherOrders(kind: ModelJob.Kind) async {
    for steps in Self.sequences(of: kind, length: Self.bound) {
      for seed in Self.seeds {
        let passed = await ModelRun.check(steps, schedule: .seed(seed)) { message, trace in
          "\(kind), jobs in the order of .seed(\(seed)): \(message)\nsteps:\n  \(trace)"
        }
        guard passed else { return }
      }
    }
  }

  /// Every sequence of two steps under every order of the store's jobs that differs from the default in at
  /// most two picks (``exploreAllSchedules(maxDeviations:maxRuns:isolation:fileID:filePath:line:column:_:)``):
  /// 3,632 runs in about 2 s. `ACTUATE_EXHAUSTIVE_ORDER_BOUND=3` takes every sequence of three steps (53,850
  /// runs, 40 s here); `ACTUATE_EXHAUSTIVE_DEVIATIONS=n` allows n deviations.
  @Test(arguments: kinds)
  func theStoreAgreesWithTheReferenceModelOnShortSequencesInEveryOrderNearTheDefault(kind: ModelJob.Kind) async {
    var runs = 0
    for steps in Self.sequences(of: kind, length: Self.orderBound) {
      var passed = true
      await exploreAllSchedules(maxDeviations: Self.deviations) {
        guard passed else { return }
        runs += 1
        let schedule = TestSchedule.current
        passed = await ModelRun.check(steps, schedule: schedule) { message, trace in
          "\(kind), jobs in the order of \(schedule): \(message)\nsteps:\n  \(trace)"
        }
      }
      guard passed else { return }
    }
    print(
      "Exhaustive store, \(kind): every order within \(Self.deviations) deviations, every sequence of "
        + "\(Self.orderBound) steps, \(runs) runs")
  }

  static var orderBound: Int { env("ACTUATE_EXHAUSTIVE_ORDER_BOUND") ?? 2 }
  static var deviations: Int { env("ACTUATE_EXHAUSTIVE_DEVIATIONS") ?? 2 }

  private static func env(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap(Int.init)
  }

  /// One seed a sequence; `ACTUATE_EXHAUSTIVE_STORE_SEEDS=n` tries n.
  static var seeds: Range<UInt64> {
    0..<(ProcessInfo.processInfo.environment["ACTUATE_EXHAUSTIVE_STORE_SEEDS"].flatMap(UInt64.init) ?? 1)
  }

  /// Every sequence of exactly `length` steps; a shorter one is the prefix of a longer one, and the store
  /// and the model are compared after every step.
  static func sequences(of kind: ModelJob.Kind, length: Int) -> [[ModelStep]] {
    var result: [[ModelStep]] = [[]]
    for _ in 0..<length {
      result = result.flatMap { steps in
        let jobs = steps.reduce(0) { $0 + $1.sentJobs }
        return choices(kind: kind, jobs: jobs).map { steps + [$0] }
      }
    }
    return result
  }

  /// What may come next after `jobs` jobs were sent.
  static func choices(kind: ModelJob.Kind, jobs: Int) -> [ModelStep] {
    func job(_ offset: Int, to id: String, ticks: Int = 1) -> ModelJob {
      ModelJob(number: jobs + offset, kind: kind, group: id, duration: ticks)
    }
    var steps: [ModelStep] = [
      .send(job(0, to: "a")), .send(job(0, to: "a", ticks: 0)), .send(job(0, to: "b")),
      .cancelGroup("a"), .advance(1),
      .batch([.send(job(0, to: "a")), .send(job(1, to: "a"))]),
      .batch([.send(job(0, to: "a")), .cancelGroup("a")]),
      .batch([.send(job(0, to: "a")), .cancelJob(jobs)]),
    ]
    if jobs > 0 { steps.append(.cancelJob(jobs - 1)) }
    return steps
  }
}
