/// Ticks on a store's clock: `1`, `2`, `3`, … one per interval, until the task iterating it is cancelled.
///
/// Feed it to a hook for a timer that a `TestClock` controls exactly:
///
/// ```swift
/// case .timer: .send(store.timer(every: .seconds(1))) { _ in .tick }
/// ```
public struct StoreTicks: AsyncSequence, Sendable {
  public typealias Element = Int
  public typealias Failure = Never

  let interval: Duration
  let sleep: @Sendable (isolated (any Actor)?, Duration) async throws -> Void

  /// Starts counting from 1.
  public func makeAsyncIterator() -> Iterator {
    Iterator(interval: interval, sleep: sleep)
  }

  /// Counts ticks for one iteration.
  public struct Iterator: AsyncIteratorProtocol {
    let interval: Duration
    let sleep: @Sendable (isolated (any Actor)?, Duration) async throws -> Void
    var count = 0

    /// Sleeps one interval and returns the tick's number, or `nil` once the task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      do {
        try await sleep(actor, interval)
      } catch {
        return nil
      }
      count += 1
      return count
    }

    /// Sleeps one interval and returns the tick's number, or `nil` once the task is cancelled.
    public mutating func next() async -> Int? {
      await next(isolation: nil)
    }
  }
}
