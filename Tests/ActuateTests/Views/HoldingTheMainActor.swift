import Dispatch

/// Runs `work` on another task while the main actor waits for it without suspending, so that no update
/// can reach a view model until `work` is done: the changes it makes arrive as one.
@MainActor
func holdingTheMainActor(while work: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await work()
    done.signal()
  }
  done.wait()
}
