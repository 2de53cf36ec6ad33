import Actuate
import ActuateTesting

/// What a TestStore's executor costs: per job, and per seed when a test is explored under many schedules.
enum TestSchedules {
  /// One handler that yields `count` times, each yield a job of the store's, on the executor a TestStore
  /// owns. The baseline is the same handler on a plain store, run by the runtime's executors.
  static let perJob = Scenario(name: "teststore-job", target: .none) { settings in
    let count = settings.count(100_000)
    let runs = try await settings.compare(
      actuate: { try await timeYields(count, on: TestExecutor(schedule: .inOrder)) },
      baseline: { try await timeYields(count, on: nil) }
    )
    var result = ScenarioResult(
      name: "teststore-job", count: count, runs: runs, baseline: "the same yields on a plain Store",
      target: .none, settings: settings)
    result.notes.append("per op is per job: a Task.yield() in a handler, run and resumed")
    return result
  }

  /// A realistic test explored: three handlers that each await a dependency and then write, in a
  /// non-exhaustive TestStore, run once per seed. The baseline is the same test run as often under the
  /// default schedule, so the ratio is what exploring adds.
  static let perSeed = Scenario(name: "explore-seeds", target: .none) { settings in
    let count = settings.count(2_000)
    let runs = try await settings.compare(
      actuate: {
        try await timeRuns(count) { body in
          await exploreSchedules(seeds: 0..<UInt64(count)) { await body() }
        }
      },
      baseline: {
        try await timeRuns(count) { body in
          for _ in 0..<count { await body() }
        }
      }
    )
    var result = ScenarioResult(
      name: "explore-seeds", count: count, runs: runs, baseline: "the same test under the default schedule",
      target: .none, settings: settings)
    result.notes.append("per op is per run of the test: seeds per second is one second over it")
    return result
  }

  private static func timeYields(_ count: Int, on executor: TestExecutor?) async throws -> Duration {
    let store = Store(
      initialState: Yielder.State(), interactor: Yielder(), clock: ContinuousClock(), hooks: [], observers: [],
      executor: executor)
    let start = ContinuousClock.now
    let outcome = await store.sendAndWait(.yield(count))
    let elapsed = ContinuousClock.now - start
    try check(outcome == .completed, "the yielding action ended \(outcome)")
    let yields = await store.state.yields
    try check(yields == count, "the handler yielded \(yields) times of \(count)")
    return elapsed
  }

  /// Times `drive`, which runs the test it is handed as often as it chooses; fails on any failure reported.
  private static func timeRuns(_ count: Int, _ drive: (@Sendable () async -> Void) async -> Void) async throws
    -> Duration
  {
    let runs = Locked(0)
    var elapsed = Duration.zero
    let reported = await TestStoreAsserting.failures {
      let start = ContinuousClock.now
      await drive {
        let store = TestStore(initialState: .init(), interactor: Yielder(), exhaustivity: .off)
        await store.send(.fanOut)
        await store.finish()
        runs.withLock { $0 += 1 }
      }
      elapsed = ContinuousClock.now - start
    }
    try check(
      reported.isEmpty, "the explored test reported \(reported.count) failures; the first: \(reported.first ?? "")")
    try check(runs.withLock { $0 } == count, "the test ran \(runs.withLock { $0 }) times of \(count)")
    return elapsed
  }
}

/// A handler that yields, to count jobs, and one that fans out to three handlers that each await a
/// dependency before writing.
struct Yielder: Interactor {
  struct State: Equatable, Sendable {
    var yields = 0
    var order: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case yield(Int)
    case fanOut
    case work(Int)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .yield(let count):
      for _ in 0..<count {
        await Task.yield()
        store.yields += 1
      }
    case .fanOut:
      for number in 0..<3 { store.send(.work(number)) }
    case .work(let number):
      await dependency()
      store.order.append(number)
    }
  }

  @Sendable private func dependency() async {
    await Task.yield()
  }
}
