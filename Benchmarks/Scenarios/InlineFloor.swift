import ActuateBenchmarkFloor

/// Issue 29's floor: an action whose handler does not suspend, run with no task of its own. Each shape is
/// timed against the bare actor call send-await and send-burst use as their baseline (see
/// `Benchmarks/Floor/FloorDrain.swift` for what each one does).
enum InlineFloor {
  enum Shape: CaseIterable {
    case inlineWithoutTaskLocal, inlineOnCaller, drainAwaited, drainBurst
  }

  static let scenario = Scenario(name: "inline-floor", target: .none) { settings in
    let count = settings.count(1_000_000)
    var shapes: [(Shape, Runs)] = []
    var parks = (0, 0)
    var drainNotes: [String] = []
    for shape in Shape.allCases {
      let runs = try await settings.compare(
        actuate: {
          let start: ContinuousClock.Instant
          let final: Int
          switch shape {
          case .inlineWithoutTaskLocal:
            let store = FloorStore(state: FloorCounter.State(), handler: FloorCounter())
            start = .now
            for _ in 0..<count { _ = await store.sendInlineWithoutTaskLocal(.increment) }
            final = await store.state.count
          case .inlineOnCaller:
            let store = FloorStore(state: FloorCounter.State(), handler: FloorCounter())
            start = .now
            for _ in 0..<count { _ = await store.sendInline(.increment) }
            final = await store.state.count
          case .drainAwaited, .drainBurst:
            let store = FloorStore(state: FloorCounter.State(), handler: FloorCounter())
            await store.startDrain()
            start = .now
            for number in 0..<count {
              if shape == .drainAwaited {
                await store.sendToDrainAndWait(.increment)
              } else {
                await store.sendToDrain(.increment, waitingForEnd: number == count - 1)
              }
            }
            final = await store.state.count
            parks = await (store.parks, store.batches)
            await store.stopDrain()
          }
          let elapsed = ContinuousClock.now - start
          try check(final == count, "the floor store counted \(final) of \(count)")
          return elapsed
        },
        baseline: { await timeBareIncrements(count) }
      )
      shapes.append((shape, runs))
      if shape == .drainBurst || shape == .drainAwaited {
        drainNotes.append(
          "\(describe(shape)): the drain parked \(parks.0) times and took \(parks.1) batches (last run)")
      }
    }
    var result = floorResult(
      name: "inline-floor", count: count, settings: settings, steps: shapes.map { (describe($0.0), $0.1) })
    result.notes += drainNotes
    return result
  }

  private static func describe(_ shape: Shape) -> String {
    switch shape {
    case .inlineWithoutTaskLocal: "the handler inline on the caller's task, a record but no task-local"
    case .inlineOnCaller: "the handler inline on the caller's task (a lower bound the contract cannot take)"
    case .drainAwaited: "awaited sends to a drain that lives with the store, handlers inline"
    case .drainBurst: "a burst to that drain, the last send awaited"
    }
  }
}
