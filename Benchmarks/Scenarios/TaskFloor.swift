import ActuateBenchmarkFloor

/// The floor under a send: what the language's own tools cost for the least Actuate's contract needs per
/// action (a task per action, started immediately on the store; a record; the task-local that names it),
/// in generic code that runs unspecialised for the client's handler, as Actuate's store does. Each step
/// is timed against the same bare actor call send-await uses as its baseline.
enum TaskFloor {
  static let scenario = Scenario(name: "task-floor", target: .none) { settings in
    let count = settings.count(1_000_000)
    var steps: [(FloorStep, Runs)] = []
    for step in FloorStep.allCases {
      let runs = try await settings.compare(
        actuate: {
          let store = FloorStore(state: FloorCounter.State(), handler: FloorCounter())
          let start = ContinuousClock.now
          var ended = 0
          if step == .intake {
            for _ in 0..<count where await store.sendThroughIntake(.increment) { ended += 1 }
          } else {
            for _ in 0..<count where await store.send(.increment, step) { ended += 1 }
          }
          let elapsed = ContinuousClock.now - start
          let final = await store.state.count
          try check(final == count && ended == count, "the floor store counted \(final) of \(count)")
          return elapsed
        },
        baseline: { await timeBareIncrements(count) }
      )
      steps.append((step, runs))
    }
    return floorResult(
      name: "task-floor", count: count, settings: settings, steps: steps.map { (describe($0.0), $0.1) })
  }

  private static func describe(_ step: FloorStep) -> String {
    switch step {
    case .task: "a task per action"
    case .record: "+ a record per action"
    case .taskLocal: "+ the record bound to a task-local"
    case .intake: "+ sent from outside through an intake, its end published under a lock"
    }
  }
}

struct FloorCounter: FloorHandler {
  struct State: Sendable {
    var count = 0
  }

  enum Action: Sendable {
    case increment
  }

  func onAction(_ action: Action, store: isolated FloorStore<Self>) async {
    store.count += 1
  }
}
