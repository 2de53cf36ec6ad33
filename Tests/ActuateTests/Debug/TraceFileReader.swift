@testable import Actuate
import Foundation
import Testing

/// A trace file as the tests read it: checked to be an unclosed JSON array that ends with a whole event (the
/// form the Trace Event Format allows and the viewers accept), closed with `]`, and parsed.
struct TraceFileReader {
  let events: [[String: Any]]

  init(path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("[{"), "a trace starts the array with its first event")
    #expect(text.hasSuffix("}"), "a trace ends with a whole event, never with a separator: \(text.suffix(80))")
    let parsed = try JSONSerialization.jsonObject(with: Data((text + "]").utf8))
    events = try #require(parsed as? [[String: Any]])
  }

  /// The events of one store, in the order they were written.
  func events(of store: StoreID) -> [[String: Any]] {
    events.filter { $0["pid"] as? Int == store.number }
  }

  /// The spans of one store, each begin paired with its end by walking every lane as a stack; fails the test
  /// if an end has no begin, or (when `closed`) a span is left open.
  func spans(of store: StoreID, closed: Bool = true) -> [Span] {
    var stacks: [Int: [(index: Int, event: [String: Any])]] = [:]
    var spans: [Span] = []
    for (index, event) in events(of: store).enumerated() {
      let lane = event["tid"] as? Int ?? -1
      switch event["ph"] as? String {
      case "B":
        stacks[lane, default: []].append((index, event))
      case "E":
        guard let begin = stacks[lane]?.popLast() else {
          Issue.record("an end without a begin in lane \(lane): \(event)")
          continue
        }
        spans.append(Span(begin: begin.event, end: event, depth: stacks[lane]!.count))
      default:
        break
      }
    }
    if closed {
      for (lane, stack) in stacks where !stack.isEmpty {
        Issue.record("lane \(lane) has spans left open: \(stack.map(\.event))")
      }
    }
    return spans
  }

  struct Span {
    let begin: [String: Any]
    let end: [String: Any]
    /// 0 for an action's span, 1 for its handler's, nested inside it.
    let depth: Int

    var name: String { begin["name"] as? String ?? "" }
    var lane: Int { begin["tid"] as? Int ?? -1 }
    var start: Double { begin["ts"] as? Double ?? -1 }
    var finish: Double { end["ts"] as? Double ?? -1 }
    var task: String? { (begin["args"] as? [String: String])?["task"] }
    var outcome: String? { (end["args"] as? [String: String])?["outcome"] }
  }
}
