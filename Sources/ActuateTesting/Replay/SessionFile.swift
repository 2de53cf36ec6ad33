#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Actuate

/// A session file, read and checked line by line: every problem is a ``SessionError`` naming its line.
struct SessionFile: Sendable {
  struct Header: Sendable {
    let interactor: String
    let store: String
    /// The initial state's JSON.
    let state: String
  }

  /// A line after the header; values are their JSON text, as the recording wrote them.
  enum Event: Sendable {
    case send(action: String, description: String)
    case call(dependency: String, call: Int, input: String)
    case answer(dependency: String, call: Int, answer: ReplayedAnswer)
    /// An element a hook took from a sequence outside the store.
    case hook(String, element: String)
    /// A sleep on the store's clock ended, this long after the store was made.
    case clock(Duration)
    case change(number: Int, cause: String, state: String)
    case stopped
  }

  struct Line: Sendable {
    let number: Int
    let event: Event
  }

  let path: String
  let header: Header
  let lines: [Line]

  init(path: String, expecting interactor: String) throws(SessionError) {
    self.path = path
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw SessionError(path: path, line: 0, message: "cannot read the session: \(error)")
    }
    let text = String(decoding: data, as: UTF8.self)
    var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
    let endsWhole = text.hasSuffix("\n")
    if endsWhole { rows.removeLast() }
    guard let first = rows.first, !first.isEmpty else {
      throw SessionError(path: path, line: 1, message: "the file is empty: it holds no session header")
    }
    var parsed: [(Int, JSONFields)] = []
    parsed.reserveCapacity(rows.count)
    for (index, row) in rows.enumerated() {
      let number = index + 1
      guard let value = JSONFields(row) else {
        if number == rows.count, !endsWhole {
          throw SessionError(
            path: path, line: number,
            message:
              "the line is cut short: the recording stopped in the middle of it (the program crashed or was killed). Delete the line to replay what comes before it."
          )
        }
        throw SessionError(path: path, line: number, message: "the line is not a JSON object: \(row.prefix(80))")
      }
      parsed.append((number, value))
    }
    header = try Self.header(parsed[0].1, path: path, expecting: interactor)
    lines = try parsed.dropFirst().map { number, value throws(SessionError) in
      Line(number: number, event: try Self.event(value, path: path, line: number))
    }
  }

  private static func header(_ value: JSONFields, path: String, expecting interactor: String) throws(SessionError)
    -> Header
  {
    guard value.string("format") == SessionCoding.formatName, let version = value.int("version") else {
      throw SessionError(
        path: path, line: 1, message: "the file is not an Actuate session: its first line has no session header")
    }
    guard version <= SessionCoding.formatVersion else {
      throw SessionError(
        path: path, line: 1,
        message:
          "the session is in format version \(version), newer than this Actuate reads (\(SessionCoding.formatVersion)). Replay it with the Actuate that recorded it, or a newer one."
      )
    }
    let recorded = value.string("interactor") ?? "?"
    guard recorded == interactor else {
      throw SessionError(
        path: path, line: 1,
        message:
          "the session was recorded from a store of \(recorded), not \(interactor): replay it with that interactor.")
    }
    return Header(interactor: recorded, store: value.string("store") ?? "?", state: raw(value, "state"))
  }

  /// A field's JSON text, `null` if the line has none.
  private static func raw(_ value: JSONFields, _ key: String) -> String {
    value[raw: key].map(String.init) ?? "null"
  }

  private static func event(_ value: JSONFields, path: String, line: Int) throws(SessionError) -> Event {
    func field<T>(_ name: String, _ read: (String) -> T?) throws(SessionError) -> T {
      guard let typed = read(name) else {
        throw SessionError(path: path, line: line, message: "the line has no valid \"\(name)\"")
      }
      return typed
    }
    switch value.string("kind") {
    case "send":
      return .send(action: raw(value, "action"), description: value.string("description") ?? "an action")
    case "call":
      return .call(
        dependency: try field("dependency", value.string), call: try field("call", value.int),
        input: raw(value, "input"))
    case "answer":
      let answer: ReplayedAnswer =
        if let error = value.string("error") {
          .failure(error, cancelled: value.bool("cancelled") ?? false)
        } else {
          .value(json: raw(value, "output"))
        }
      return .answer(
        dependency: try field("dependency", value.string), call: try field("call", value.int), answer: answer)
    case "hook":
      return .hook(try field("hook", value.string), element: raw(value, "element"))
    case "clock":
      return .clock(.nanoseconds(try field("at", value.int)))
    case "change":
      return .change(
        number: try field("change", value.int), cause: value.string("cause") ?? "?", state: raw(value, "state"))
    case "stopped":
      return .stopped
    case let kind:
      throw SessionError(
        path: path, line: line,
        message:
          "unknown kind of line \(kind.map { "\"\($0)\"" } ?? "(none)"): the session may come from a newer Actuate.")
    }
  }
}
