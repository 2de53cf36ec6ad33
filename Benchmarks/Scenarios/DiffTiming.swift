import Actuate

/// Times `DebugLog.diff` against `==` over the same two values, `repetitions` calls per run.
enum DiffTiming {
  static func diff<Value: Equatable>(
    _ old: Value, _ new: Value, repetitions: Int, settings: Settings
  ) async throws -> Runs {
    let text = DebugLog.diff(old, new)
    try check(text?.contains("changed") == true, "the diff does not show the change: \(text ?? "nil")")
    return try await settings.compare(
      actuate: { perCall(repetitions) { DebugLog.diff(old, new) } },
      baseline: { perCall(repetitions) { old == new } }
    )
  }

  static func perCall<R>(_ repetitions: Int, _ body: () -> R) -> Duration {
    time { (0..<repetitions).map { _ in body() } } / repetitions
  }
}
