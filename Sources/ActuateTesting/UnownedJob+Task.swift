/// Which task a job belongs to, for the schedules that treat a task's jobs alike (``TestSchedule/pct(seed:depth:steps:)``).
extension UnownedJob {
  /// The id of the task this job is a stretch of, the same for each of its stretches; `nil` for a job that
  /// is no task's.
  ///
  /// Swift 6.3 gives a job's task id to no public API but its `description`, `UnownedJob(id: 42)`, which
  /// the runtime writes from `swift_task_getJobTaskId` (`id: nil` for a job without one). Reading it there
  /// rather than calling that runtime function through `@_silgen_name` keeps to supported API; the format
  /// is not promised, so `UnownedJobTaskTests` checks it: should it change, those tests fail, where PCT
  /// would silently see every job as a task of its own.
  var taskID: UInt64? {
    let text = description
    guard let start = text.range(of: "id: ") else { return nil }
    return UInt64(text[start.upperBound...].prefix { $0.isNumber })
  }
}
