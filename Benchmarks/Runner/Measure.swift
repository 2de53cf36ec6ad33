/// The timed runs of one scenario: each side warms up, then the two sides alternate, so that a change in the
/// machine's load during the scenario falls on both.
struct Runs: Sendable {
  var actuate: [Duration] = []
  var baseline: [Duration] = []
}

extension Settings {
  /// Each closure does the work once and returns how long the part worth timing took; setup stays outside.
  func compare(
    actuate: () async throws -> Duration,
    baseline: () async throws -> Duration
  ) async throws -> Runs {
    for _ in 0..<warmUps {
      _ = try await baseline()
      _ = try await actuate()
    }
    var runs = Runs()
    for _ in 0..<self.runs {
      runs.baseline.append(try await baseline())
      runs.actuate.append(try await actuate())
    }
    return runs
  }

  /// Runs one side only, for scenarios with nothing to compare against.
  func measure(_ body: () async throws -> Duration) async throws -> [Duration] {
    for _ in 0..<warmUps { _ = try await body() }
    var runs: [Duration] = []
    for _ in 0..<self.runs { runs.append(try await body()) }
    return runs
  }
}

/// Times a synchronous body, with its result kept alive so the optimizer cannot drop the work.
func time<R>(_ body: () throws -> R) rethrows -> Duration {
  let start = ContinuousClock.now
  let result = try body()
  let elapsed = ContinuousClock.now - start
  keep(result)
  return elapsed
}

@inline(never)
func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

extension [Duration] {
  var median: Duration {
    let sorted = self.sorted()
    guard !sorted.isEmpty else { return .zero }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}

extension Duration {
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
