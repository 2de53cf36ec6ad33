import Actuate

/// Counts the choices one run's schedules made (picks among several runnable jobs), as
/// ``TestSchedule/pct(seed:depth:steps:)`` counts its steps: the run in the default order that an
/// exploration with ``TestSchedule/Strategy/pct(depth:)`` makes first tells it how many steps to spread its
/// change points over.
final class StepCount: Sendable {
  @TaskLocal static var current: StepCount?
  private let counter = Locked(0)

  var count: Int { counter.withLock { $0 } }

  func add() {
    counter.withLock { $0 += 1 }
  }
}
