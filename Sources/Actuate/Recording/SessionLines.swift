/// Turns a recorder's items into the lines of a session file (Docs/SessionFormat.md), and warns once for
/// each type it cannot encode, naming it: the rest of the session is still written.
struct SessionLines<I: Interactor> {
  let path: String
  /// Where warnings go: standard error, or the handler the code that made the recorder had.
  private let warn: @Sendable (String) -> Void
  private var warned: Set<String> = []

  init(path: String, warn: @escaping @Sendable (String) -> Void) {
    self.path = path
    self.warn = warn
  }

  mutating func line(for item: SessionRecorder<I>.Item) -> String {
    switch item {
    case .started(let state, let id):
      return object([
        ("format", SessionCoding.quoted(SessionCoding.formatName)), ("version", "\(SessionCoding.formatVersion)"),
        ("interactor", SessionCoding.quoted(String(describing: I.self))),
        ("store", SessionCoding.quoted(id.description)), ("state", encoded(state, what: "its state")),
      ])
    case .sent(let action, let task):
      return object([
        ("kind", "\"send\""), ("task", "\(task)"), ("action", encoded(action, what: "its actions")),
        ("description", SessionCoding.quoted(Actuate.describe(action))),
      ])
    case .call(let name, let call, let task, let input):
      return object([
        ("kind", "\"call\""), ("dependency", SessionCoding.quoted(name)), ("call", "\(call)"), ("task", "\(task)"),
        ("input", encoded(input, what: "the input of \(name)")),
      ])
    case .answer(let name, let call, let task, .value(let output)):
      return object([
        ("kind", "\"answer\""), ("dependency", SessionCoding.quoted(name)), ("call", "\(call)"), ("task", "\(task)"),
        ("output", encoded(output, what: "the output of \(name)")),
      ])
    case .answer(let name, let call, let task, .failure(let description, let cancelled)):
      return object([
        ("kind", "\"answer\""), ("dependency", SessionCoding.quoted(name)), ("call", "\(call)"), ("task", "\(task)"),
        ("error", SessionCoding.quoted(description)), ("cancelled", cancelled ? "true" : "false"),
      ])
    case .hookElement(let hook, let task, let element):
      return object([
        ("kind", "\"hook\""), ("hook", SessionCoding.quoted(hook)), ("task", "\(task)"),
        ("element", encoded(element, what: "the elements of hook \(hook)")),
      ])
    case .clock(let offset):
      return object([("kind", "\"clock\""), ("at", "\(nanoseconds(offset))")])
    case .changed(let state, let cause, let number):
      var fields = [
        ("kind", "\"change\""), ("change", "\(number)"), ("cause", SessionCoding.quoted(SessionCoding.describe(cause))),
      ]
      if case .action(_, let task) = cause { fields.append(("task", "\(task)")) }
      fields.append(("state", encoded(state, what: "its state")))
      return object(fields)
    case .stopped:
      return object([("kind", "\"stopped\"")])
    }
  }

  /// `value`'s JSON, or `null` with a warning the first time its type cannot be encoded.
  private mutating func encoded(_ value: Any, what: String) -> String {
    encoded(EncodedValue(value), what: what)
  }

  /// The JSON of a value encoded already, or `null` with a warning the first time its type had none.
  private mutating func encoded(_ value: EncodedValue, what: String) -> String {
    switch value {
    case .json(let json):
      return json
    case .notCodable(let type):
      warnOnce(
        type,
        "the session \(path) leaves out \(what): \(type) is not Codable. A replay cannot check or feed those values; make \(type) Codable to record them."
      )
    case .failed(let type, let error):
      warnOnce(type, "the session \(path) leaves out \(what): encoding it failed (\(error)).")
    }
    return "null"
  }

  mutating func warnOnce(_ key: String, _ message: String) {
    guard warned.insert(key).inserted else { return }
    warn(message)
  }

  private func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  private func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
