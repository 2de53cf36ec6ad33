import Actuate

/// Fan-out of state changes: many `values(_:)` subscribers while a burst of actions changes the state.
///
/// Subscribers are attached (each has its first value) before the clock starts; it stops when every
/// subscriber has seen the last value.
enum ValuesSubscribers {
  static let scenario = Scenario(name: "values-subscribers", target: .none) { settings in
    let subscriberCount = 100
    let changes = settings.count(100_000)
    let runs = try await settings.measure {
      let store = Store(state: Counter.State(), interactor: Counter())
      let subscribed = Latch(count: subscriberCount)
      return try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<subscriberCount {
          group.addTask {
            var values = store.values(\.count).makeAsyncIterator()
            var last = await values.next() ?? -1
            subscribed.arrive()
            while last < changes, let value = await values.next() { last = value }
            return last
          }
        }
        await subscribed.wait()
        let start = ContinuousClock.now
        for _ in 0..<changes { store.send(.increment) }
        var finished = 0
        for try await last in group {
          try check(last == changes, "a subscriber ended with \(last), not \(changes)")
          finished += 1
        }
        let elapsed = ContinuousClock.now - start
        try check(finished == subscriberCount, "\(finished) of \(subscriberCount) subscribers finished")
        return elapsed
      }
    }
    var result = ScenarioResult(
      name: "values-subscribers", count: changes, runs: runs, target: .none, settings: settings)
    let perSecond = Double(changes) / runs.median.seconds
    result.notes.append(
      "\(subscriberCount) subscribers: \(Format.count(Int(perSecond))) changes/s, \(Format.count(Int(perSecond) * subscriberCount)) deliveries/s; each ended with the last value"
    )
    result.metrics = ["changesPerSecond": perSecond, "subscribers": Double(subscriberCount)]
    return result
  }
}
