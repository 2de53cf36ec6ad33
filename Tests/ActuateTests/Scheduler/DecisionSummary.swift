@testable import Actuate

/// One line per decision, so a test can compare what the scheduler decided with a plain list of strings:
/// `start #3 in a`, `cancel #1 superseded`, `drop #2 throttled`, `arm gap a 500ms`, `disarm window a`,
/// `startWaiting a`, `openWindow a 100ms`.
extension Decision {
  /// `timers` names the timers the test armed, by record: a disarm carries only the record.
  func summary(naming timers: [ObjectIdentifier: String] = [:]) -> String {
    switch self {
    case .start(let record, let group, let delay):
      "start #\(record.number)" + (group.map { " in \($0.summary)" } ?? "")
        + (delay.map { " after \($0.summary)" } ?? "")
    case .cancel(let record, let reason):
      "cancel #\(record.number) \(reason)"
    case .drop(let record, let reason):
      "drop #\(record.number) \(reason)"
    case .arm(let timer, let duration):
      "arm \(timer.summary) \(duration.summary)"
    case .disarm(let timer):
      "disarm \(timers[ObjectIdentifier(timer)] ?? "an unknown timer")"
    case .startWaiting(let id):
      "startWaiting \(id.summary)"
    case .openWindow(let id, let duration):
      "openWindow \(id.summary) \(duration.summary)"
    }
  }
}

extension Decisions {
  func summaries(naming timers: [ObjectIdentifier: String] = [:]) -> [String] {
    map { $0.summary(naming: timers) }
  }
}

extension SchedulerTimer {
  /// `gap a` or `window a`.
  var summary: String {
    switch purpose {
    case .gap: "gap \(id.summary)"
    case .window: "window \(id.summary)"
    }
  }
}

extension CancelID {
  /// A string identifier without its quotes.
  var summary: String { value(as: String.self) ?? description }
}

extension Duration {
  /// In whole milliseconds: every duration these tests use is one.
  var summary: String {
    let (seconds, attoseconds) = components
    return "\(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)ms"
  }
}
