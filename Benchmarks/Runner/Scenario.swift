/// One benchmark: a name to filter on, what it promises, and the work.
struct Scenario: Sendable {
  let name: String
  let target: Target
  let run: @Sendable (Settings) async throws -> ScenarioResult
}

/// What a scenario is held to. Timing targets are judged only in a full run, never in quick mode.
enum Target: Sendable {
  /// Actuate's median at most this many times the baseline's.
  case ratio(Double)
  /// Actuate's median at most this long.
  case duration(Duration)
  /// Figures to read, nothing to meet.
  case none

  var description: String {
    switch self {
    case .ratio(let limit): "≤ \(Format.number(limit))×"
    case .duration(let limit): "≤ \(Format.duration(limit))"
    case .none: "—"
    }
  }
}
