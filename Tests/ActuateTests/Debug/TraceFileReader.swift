@testable import Actuate
import Foundation
import Testing

/// A trace file as the tests read it. While its log runs (`closed: false`): checked to be an unclosed JSON
/// array that ends with a whole event (the form the Trace Event Format allows and the viewers accept), then
/// closed with `]` and parsed. Once the program has exited or its sink is gone (`closed: true`): checked to
/// end with `]`, and parsed as it is, as any JSON tool would.
struct TraceFileReader {
  let events: [[String: Any]]

  init(path: String, closed: Bool = false) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("[{"), "a trace starts the array with its first event")
    if closed {
      #expect(text.hasSuffix("}\n]\n"), "a finished trace closes the array after its last event: \(text.suffix(80))")
    } else {
      #expect(text.hasSuffix("}"), "a trace ends with a whole event, never with a separator: \(text.suffix(80))")
    }
    let parsed = try JSONSerialization.jsonObject(with: Data((closed ? text : text + "]").utf8))
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
