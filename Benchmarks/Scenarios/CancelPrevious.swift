import Actuate

/// Typing into a search box, exaggerated: every send cancels the sleeping handler before it.
///
/// Each side counts its tasks out as they end (Actuate through their outcomes: a superseded action the
/// store takes with a newer one never starts), so the time covers every task ending, not just the sends. A cancelled `Task.sleep` leaves its timer queued until the deadline (10 s here) on both sides,
/// so resident memory after a run includes those timers whichever side made them.
enum CancelPrevious {
  struct Sleeper: Interactor {
    struct State: Sendable {}
    enum Action: Sendable { case search }

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      try? await store.sleep(for: .seconds(10))
    }

    func policy(for action: Action) -> ActionPolicy { .cancelPrevious(id: SearchID()) }
  }

  struct SearchID: Hashable, Sendable {}

  struct MemoryFigures {
    var before = 0
    var peak = 0
    var after = 0

    var note: String {
      "RSS before \(Format.bytes(before)), peak \(Format.bytes(peak)), after \(Format.bytes(after))"
    }
  }

  static let scenario = Scenario(name: "cancel-previous", target: .ratio(2.5)) { settings in
    let count = settings.count(100_000)
    var actuateMemory = MemoryFigures()
    var baselineMemory = MemoryFigures()
    let runs = try await settings.compare(
      actuate: {
        let figures = await measuringMemory {
          let store = Store(initialState: Sleeper.State(), interactor: Sleeper())
          var tasks: [ActionTask] = []
          tasks.reserveCapacity(count)
          let start = ContinuousClock.now
          for _ in 0..<count { tasks.append(store.send(.search)) }
          store.cancel(id: SearchID())
          // Every action ends: cancelled while it slept, or superseded before it started (an action the
          // store took together with a newer one never starts, so only its outcome can be counted).
          for task in tasks { await task.finish() }
          return ContinuousClock.now - start
        }
        actuateMemory = figures.memory
        return figures.elapsed
      },
      baseline: {
        let ended = Latch(count: count)
        let figures = await measuringMemory {
          let start = ContinuousClock.now
          var previous: Task<Void, Never>?
          for _ in 0..<count {
            previous?.cancel()
            previous = Task {
              try? await Task.sleep(for: .seconds(10))
              ended.arrive()
            }
          }
          previous?.cancel()
          await ended.wait()
          return ContinuousClock.now - start
        }
        baselineMemory = figures.memory
        return figures.elapsed
      }
    )
    var result = ScenarioResult(
      name: "cancel-previous", count: count, runs: runs, baseline: "creating each task and cancelling the one before",
      target: .ratio(2.5), settings: settings)
    result.notes.append("Actuate (last run): \(actuateMemory.note)")
    result.notes.append("baseline (last run): \(baselineMemory.note)")
    result.notes.append("every task, cancelled or not, is counted out before the clock stops")
    result.metrics = [
      "actuateRSSBefore": Double(actuateMemory.before), "actuatePeakRSS": Double(actuateMemory.peak),
      "actuateRSSAfter": Double(actuateMemory.after), "baselineRSSBefore": Double(baselineMemory.before),
      "baselinePeakRSS": Double(baselineMemory.peak), "baselineRSSAfter": Double(baselineMemory.after),
    ]
    return result
  }

  private static func measuringMemory(
    _ body: () async -> Duration
  ) async -> (elapsed: Duration, memory: MemoryFigures) {
    Memory.resetPeak()
    let before = Memory.resident ?? 0
    let elapsed = await body()
    let memory = MemoryFigures(before: before, peak: Memory.peak ?? 0, after: Memory.resident ?? 0)
    return (elapsed, memory)
  }
}
