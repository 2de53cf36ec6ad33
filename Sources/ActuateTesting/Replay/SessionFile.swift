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
    let state: JSONValue
  }

  enum Event: Sendable {
    case send(action: JSONValue, description: String)
    case call(dependency: String, call: Int, input: JSONValue)
    case answer(dependency: String, call: Int, answer: ReplayedAnswer)
    /// A sleep on the store's clock ended, this long after the store was made.
    case clock(Duration)
    case change(number: Int, cause: String, state: JSONValue)
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
    var parsed: [(Int, JSONValue)] = []
    for (index, row) in rows.enumerated() {
      let number = index + 1
      guard let value = JSONValue(parsing: row), case .object = value else {
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

  private static func header(_ value: JSONValue, path: String, expecting interactor: String) throws(SessionError)
    -> Header
  {
    guard value["format"]?.string == SessionCoding.formatName, let version = value["version"]?.int else {
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
    let recorded = value["interactor"]?.string ?? "?"
    guard recorded == interactor else {
      throw SessionError(
        path: path, line: 1,
        message:
          "the session was recorded from a store of \(recorded), not \(interactor): replay it with that interactor.")
    }
    return Header(interactor: recorded, store: value["store"]?.string ?? "?", state: value["state"] ?? .null)
  }

  private static func event(_ value: JSONValue, path: String, line: Int) throws(SessionError) -> Event {
    func field<T>(_ name: String, _ read: (JSONValue) -> T?) throws(SessionError) -> T {
      guard let field = value[name], let typed = read(field) else {
        throw SessionError(
          path: path, line: line, message: "the line has no valid \"\(name)\": \(value.text.prefix(80))")
      }
      return typed
    }
    switch value["kind"]?.string {
    case "send":
      return .send(action: value["action"] ?? .null, description: value["description"]?.string ?? "an action")
    case "call":
      return .call(
        dependency: try field("dependency", \.string), call: try field("call", \.int), input: value["input"] ?? .null)
    case "answer":
      let answer: ReplayedAnswer =
        if let error = value["error"]?.string {
          .failure(error, cancelled: value["cancelled"]?.bool ?? false)
        } else {
          .value(json: (value["output"] ?? .null).text)
        }
      return .answer(dependency: try field("dependency", \.string), call: try field("call", \.int), answer: answer)
    case "clock":
      return .clock(.nanoseconds(try field("at", \.int)))
    case "change":
      return .change(
        number: try field("change", \.int), cause: value["cause"]?.string ?? "?", state: value["state"] ?? .null)
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
