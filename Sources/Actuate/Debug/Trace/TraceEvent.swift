/// One event of the Trace Event Format, as a JSON object: what Perfetto and `chrome://tracing` read.
///
/// Keys come in a fixed order with `ph` and `ts` first and `args` last, and no value is an array: the
/// Perfetto importer finds `ts` by scanning the keys in order and refuses arrays before it.
struct TraceEvent {
  enum Phase: String {
    case begin = "B"
    case end = "E"
    case instant = "i"
    case flowStart = "s"
    case flowEnd = "f"
    case metadata = "M"
  }

  var phase: Phase
  var name: String
  /// Nanoseconds since the trace started; printed in microseconds, the format's unit.
  var time: Int
  var process: Int
  var thread: Int
  var category: String?
  /// Ties the two ends of a flow.
  var id: UInt64?
  /// An instant drawn across every track, rather than in its own.
  var isGlobal = false
  var args: [(String, String)] = []

  var json: String {
    var text = "{\"ph\":\"\(phase.rawValue)\""
    if phase != .metadata { text += ",\"ts\":\(time / 1_000).\(Self.threeDigits(time % 1_000))" }
    text += ",\"pid\":\(process),\"tid\":\(thread),\"name\":"
    text += JSONString.quoted(name)
    if let category { text += ",\"cat\":\"\(category)\"" }
    if let id { text += ",\"id\":\(id)" }
    switch phase {
    case .instant: text += isGlobal ? ",\"s\":\"g\"" : ",\"s\":\"t\""
    case .flowEnd: text += ",\"bp\":\"e\""
    default: break
    }
    if !args.isEmpty {
      text += ",\"args\":{"
      for (index, (key, value)) in args.enumerated() {
        if index > 0 { text += "," }
        text += JSONString.quoted(key) + ":" + JSONString.quoted(value)
      }
      text += "}"
    }
    return text + "}"
  }

  private static func threeDigits(_ value: Int) -> String {
    value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
  }
}
