/// What cancels a started handler: the task of its own it runs in, or, for a handler run inline by a
/// drain, the drain's task, which stays the handler's until it returns.
enum RunningTask: @unchecked Sendable {
  // @unchecked: `UnsafeCurrentTask` is not `Sendable`, but the one call made on it, `cancel()`, is safe from
  // any task, as `Task.cancel()` is.

  case own(Task<Void, Never>)
  /// The drain's task, taken with `withUnsafeCurrentTask`. The handle retains the task, and `cancel()`,
  /// which `Task` also has, may be called from any task. It is only held while the handler runs: the
  /// scheduler lets it go as the handler ends, in that same task.
  case drain(UnsafeCurrentTask)

  func cancel() {
    switch self {
    case .own(let task): task.cancel()
    case .drain(let task): task.cancel()
    }
  }
}
