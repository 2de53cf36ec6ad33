/// Runs `operation`, giving up after `limit`: a database that does not answer fails the request that waits
/// for it with a message, rather than holding it forever.
func withDeadline<Result: Sendable>(
  _ limit: Duration, _ what: String, _ operation: @escaping @Sendable () async throws -> Result
) async throws -> Result {
  try await withThrowingTaskGroup(of: Result.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await Task.sleep(for: limit)
      throw CartStoreError.unreachable("\(what) took longer than \(limit)")
    }
    defer { group.cancelAll() }
    guard let first = try await group.next() else { throw CancellationError() }
    return first
  }
}
