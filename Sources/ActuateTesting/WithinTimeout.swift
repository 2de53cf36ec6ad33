/// Runs `body` until it returns or `timeout` passes in real time, whichever comes first, and cancels the
/// other. Returns whether `body` returned in time. `body` must return soon once cancelled.
func withinTimeout(_ timeout: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await body()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: timeout)
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}
