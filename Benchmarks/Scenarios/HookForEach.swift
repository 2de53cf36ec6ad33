import Actuate

/// A hook applying an outside stream to state, element by element; the stream is filled before the clock
/// starts, so both sides time consuming it, not producing it.
enum HookForEach {
  /// Marks the end of the numbers; both sides test for it on every element.
  static let end = Int.min

  struct Summing: Interactor {
    struct State: Sendable { var sum = 0 }
    enum Action: Sendable {}
    enum Hook: CaseIterable, Sendable { case numbers }

    let numbers: AsyncStream<Int>
    let done: Latch

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

    func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
      .forEach(numbers) { [done] number, store in
        if number == HookForEach.end { return done.arrive() }
        store.sum += number
      }
    }
  }

  static let scenario = Scenario(name: "hook-forEach", target: .ratio(1.5)) { settings in
    let count = settings.count(1_000_000)
    let expected = count * (count - 1) / 2
    let runs = try await settings.compare(
      actuate: {
        let numbers = filledStream(count)
        let done = Latch(count: 1)
        let start = ContinuousClock.now
        let store = Store(initialState: Summing.State(), interactor: Summing(numbers: numbers, done: done))
        await done.wait()
        let elapsed = ContinuousClock.now - start
        let sum = await store.state.sum
        try check(sum == expected, "the hook summed \(sum), expected \(expected)")
        return elapsed
      },
      baseline: {
        let numbers = filledStream(count)
        let start = ContinuousClock.now
        var sum = 0
        for await number in numbers {
          if number == end { break }
          sum += number
        }
        let elapsed = ContinuousClock.now - start
        try check(sum == expected, "the loop summed \(sum), expected \(expected)")
        return elapsed
      }
    )
    return ScenarioResult(
      name: "hook-forEach", count: count, runs: runs, baseline: "a for-await loop over the same AsyncStream, summing",
      target: .ratio(1.5), settings: settings)
  }

  private static func filledStream(_ count: Int) -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    for number in 0..<count { continuation.yield(number) }
    continuation.yield(end)
    continuation.finish()
    return stream
  }
}
