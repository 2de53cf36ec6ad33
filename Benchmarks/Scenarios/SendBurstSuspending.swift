import Actuate

/// The send-burst work where handlers suspend: every one once (`send-burst-suspending`), or every other one
/// (`send-burst-mixed`). A handler that suspends keeps a task, its drain's or its own; one that returns
/// costs what it costs in send-burst. The burst goes in chunks of 1,000, the store waited on until idle
/// after each (the last action's end does not follow the others'): a million handlers suspended at once
/// would time the allocator and the page faults of a million live tasks, not the store.
enum SendBurstSuspending {
  static let suspending = scenario(name: "send-burst-suspending", suspends: { _ in true })
  static let mixed = scenario(name: "send-burst-mixed", suspends: { $0.isMultiple(of: 2) })

  private static let chunkSize = 1_000

  private static func scenario(name: String, suspends: @escaping @Sendable (Int) -> Bool) -> Scenario {
    Scenario(name: name, target: .none) { settings in
      let count = settings.count(1_000_000)
      let runs = try await settings.compare(
        actuate: {
          let store = Store(initialState: Counter.State(), interactor: Counter())
          let start = ContinuousClock.now
          for chunk in stride(from: 0, to: count, by: chunkSize) {
            for number in chunk..<min(chunk + chunkSize, count) {
              store.send(suspends(number) ? .numberedThenYield(number) : .numbered(number))
            }
            await store.waitUntilIdle()
          }
          let elapsed = ContinuousClock.now - start
          try await checkAppliedInOrder(store, count: count)
          return elapsed
        },
        baseline: { try await timeBareBurst(count) }
      )
      var result = ScenarioResult(
        name: name, count: count, runs: runs, baseline: "awaiting a bare actor method per action, in order",
        target: .none, settings: settings)
      result.notes.append(
        "in chunks of \(chunkSize), the store idle after each; final state checked: every action applied, started in the order sent"
      )
      return result
    }
  }
}
