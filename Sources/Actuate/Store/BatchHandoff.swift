/// What a drain running handlers inline leaves for its successor: a job it queued on the store, which
/// runs as soon as the drain gives the store up. A drain gives it up only when a handler it runs inline
/// suspends (or when it ends); the successor then takes the rest of the batch and the intake, so the actions
/// behind the suspended handler start at once, and the drain's task stays the handler's until it returns.
///
/// One per drain task, made at its first inline handler. Touched only on the store's executor.
final class BatchHandoff: @unchecked Sendable {
  // @unchecked: only the store's code touches it, on the store's executor.

  /// The drain's task: what cancels the suspended handler once the successor has registered it.
  let drainTask: UnsafeCurrentTask
  /// The index, in the store's batch, of the command after the running handler's action.
  var next = 0
  /// The action whose handler runs inline now; `nil` between handlers.
  var running: TaskRecord?
  /// Set by the successor as it takes the batch: the drain's task is then the handler's alone.
  var isTakenOver = false

  init(drainTask: UnsafeCurrentTask) {
    self.drainTask = drainTask
  }
}
