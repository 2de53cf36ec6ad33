import Foundation

/// A system the ``ScheduleExplorer`` runs: a fresh one starts in the initial state, and events move it on.
/// It must be deterministic: the same events from a fresh system reach the same state.
protocol ExploredSystem {
  associatedtype Event: CustomStringConvertible

  /// The events that may happen next.
  func enabledEvents() -> [Event]
  /// Applies one event and, if `checking`, checks every invariant after it: returns the first one broken.
  mutating func apply(_ event: Event, checking: Bool) -> String?
  /// Feeds everything that decides what may happen next to `hasher`, and nothing of the history that does
  /// not: two states with the same fingerprint have the same futures.
  func fingerprint(into hasher: inout Hasher)
  /// What the last event did, line by line, for the trace of a failure; empty unless asked for.
  var lastLines: [String] { get }
  /// A system in the same state that goes on by itself.
  func copy() -> Self
}

/// An exhaustive checker in the manner of TLA+'s TLC and tokio's loom: it runs every sequence of enabled
/// events from the initial state, checks the invariants after each event, and visits each distinct state
/// once (a set of 64-bit fingerprints, as TLC keeps).
///
/// It explores depth first, trying each event of a state on a copy of it, which is fast and keeps few
/// states at once. Every 64th transition is also replayed on a fresh system from the initial state, and
/// must reach the same fingerprint as the copy did: a copy misses nothing. Once an invariant breaks, it
/// explores again breadth first, replaying each state's events, so that the failure it reports comes with
/// the shortest sequence of events that leads to it.
struct ScheduleExplorer<System: ExploredSystem> {
  struct Violation {
    let events: [System.Event]
    let message: String
    /// The events in order, each with what it did.
    let trace: String
  }

  struct Report {
    /// Distinct states reached, the initial one included.
    var states = 1
    /// Event sequences run: each transition from a state reached first is a distinct sequence, checked.
    var sequences = 0
    /// The longest sequence of events explored to a new state.
    var depth = 0
    var seconds = 0.0
    var violation: Violation?
  }

  /// A fresh system; `tracing` asks it to keep `lastLines`.
  let make: (_ tracing: Bool) -> System

  /// Explores every state within reach, or up to the first violation.
  func run() -> Report {
    let clock = ContinuousClock()
    let started = clock.now
    var report = exploreDepthFirst()
    if report.violation != nil { report = exploreBreadthFirst() }
    report.seconds = Self.seconds(clock.now - started)
    return report
  }

  private func exploreDepthFirst() -> Report {
    var report = Report()
    let initial = make(false)
    var visited: Set<Int> = [Self.fingerprint(of: initial)]
    var stack: [(system: System, path: [System.Event])] = [(initial, [])]
    while let (reached, path) = stack.popLast() {
      for event in reached.enabledEvents() {
        var system = reached.copy()
        report.sequences += 1
        if let message = system.apply(event, checking: true) {
          report.violation = violation(path + [event], message)
          return report
        }
        let fingerprint = Self.fingerprint(of: system)
        if report.sequences % 64 == 0, Self.fingerprint(of: replay(path + [event])) != fingerprint {
          report.violation = violation(path + [event], "the copy of a state went elsewhere than its replay")
          return report
        }
        if visited.insert(fingerprint).inserted {
          report.states += 1
          report.depth = max(report.depth, path.count + 1)
          stack.append((system, path + [event]))
        }
      }
    }
    return report
  }

  /// Slower, but finds a shortest sequence of events to the first violation.
  private func exploreBreadthFirst() -> Report {
    var report = Report()
    var visited: Set<Int> = [Self.fingerprint(of: make(false))]
    var frontier: [[System.Event]] = [[]]
    while !frontier.isEmpty {
      var next: [[System.Event]] = []
      for path in frontier {
        let reached = replay(path)
        for event in reached.enabledEvents() {
          var system = reached.copy()
          report.sequences += 1
          if let message = system.apply(event, checking: true) {
            report.violation = violation(path + [event], message)
            return report
          }
          if visited.insert(Self.fingerprint(of: system)).inserted {
            next.append(path + [event])
          }
        }
      }
      report.states += next.count
      if !next.isEmpty { report.depth += 1 }
      frontier = next
    }
    return report
  }

  private func replay(_ path: [System.Event]) -> System {
    var system = make(false)
    for event in path { _ = system.apply(event, checking: false) }
    return system
  }

  private static func fingerprint(of system: System) -> Int {
    var hasher = Hasher()
    system.fingerprint(into: &hasher)
    return hasher.finalize()
  }

  /// The failing sequence replayed with its lines kept, one event a paragraph.
  private func violation(_ events: [System.Event], _ message: String) -> Violation {
    var system = make(true)
    var lines: [String] = []
    for (index, event) in events.enumerated() {
      _ = system.apply(event, checking: false)
      lines.append("\(index + 1). \(event)")
      lines += system.lastLines.map { "     " + $0 }
    }
    return Violation(events: events, message: message, trace: lines.joined(separator: "\n"))
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
