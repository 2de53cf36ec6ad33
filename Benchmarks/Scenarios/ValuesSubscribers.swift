import Actuate

/// Fan-out of state changes: many `values(_:)` subscribers while a burst of actions changes the state.
///
/// Subscribers are attached (each has its first value) before the clock starts; it stops when every
/// subscriber has seen the last value. The baseline is the same fan-out written with the language's own
/// tools: an actor that counts, and yields each new count into one `AsyncStream` per subscriber.
enum ValuesSubscribers {
  static let subscriberCount = 100

  static let scenario = Scenario(name: "values-subscribers", target: .ratio(2)) { settings in
    let changes = settings.count(100_000)
    let runs = try await settings.compare(
      actuate: {
        let store = Store(initialState: Counter.State(), interactor: Counter())
        return try await timeFanOut(changes) {
          store.values(\.count)
        } produce: {
          for _ in 0..<changes { store.send(.increment) }
        }
      },
      baseline: {
        let counter = StreamingCounter(subscribers: subscriberCount)
        let streams = counter.streams
        var handed = 0
        return try await timeFanOut(changes) {
          defer { handed += 1 }
          return streams[handed]
        } produce: {
          for _ in 0..<changes { await counter.increment() }
        }
      }
    )
    var result = ScenarioResult(
      name: "values-subscribers", count: changes, runs: runs,
      baseline: "an actor yielding each count into one AsyncStream per subscriber", target: .ratio(2),
      settings: settings)
    let perSecond = Double(changes) / runs.actuate.median.seconds
    let deliveries = runs.actuate.median.seconds * 1e9 / Double(changes * subscriberCount)
    let baselineDeliveries = runs.baseline.median.seconds * 1e9 / Double(changes * subscriberCount)
    result.notes.append(
      "\(subscriberCount) subscribers: \(Format.count(Int(perSecond))) changes/s; \(Int(deliveries)) ns per delivery, baseline \(Int(baselineDeliveries)) ns; every subscriber ended with the last value"
    )
    result.metrics = ["changesPerSecond": perSecond, "subscribers": Double(subscriberCount)]
    return result
  }

  /// Attaches the subscribers (each takes its first value), then times `produce` until every subscriber
  /// has seen `changes`.
  private static func timeFanOut<Values: AsyncSequence & Sendable>(
    _ changes: Int, subscribe: () -> Values, produce: () async -> Void
  ) async throws -> Duration where Values.Element == Int {
    let subscribed = Latch(count: subscriberCount)
    return try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<subscriberCount {
        let values = subscribe()
        group.addTask {
          var iterator = values.makeAsyncIterator()
          var last = (try? await iterator.next()) ?? -1
          subscribed.arrive()
          while last < changes, let value = try? await iterator.next() { last = value }
          return last
        }
      }
      await subscribed.wait()
      let start = ContinuousClock.now
      await produce()
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
}

/// The baseline's counter: each increment is yielded to every subscriber's stream, which starts with 0.
private actor StreamingCounter {
  nonisolated let streams: [AsyncStream<Int>]
  private let continuations: [AsyncStream<Int>.Continuation]
  private var count = 0

  init(subscribers: Int) {
    let pairs = (0..<subscribers).map { _ in AsyncStream<Int>.makeStream() }
    streams = pairs.map(\.stream)
    continuations = pairs.map(\.continuation)
    for continuation in continuations { continuation.yield(0) }
  }

  func increment() {
    count += 1
    for continuation in continuations { continuation.yield(count) }
  }
}
