/// One event of the Trace Event Format, as a JSON object: what Perfetto and `chrome://tracing` read.
///
/// Keys come in a fixed order with `ph` and `ts` first and `args` last, and no value is an array: the
/// Perfetto importer finds `ts` by scanning the keys in order and refuses arrays before it.
struct TraceEvent {
  enum Phase {
    case begin, end, instant, flowStart, flowEnd, metadata

    var letter: StaticString {
      switch self {
      case .begin: "B"
      case .end: "E"
      case .instant: "i"
      case .flowStart: "s"
      case .flowEnd: "f"
      case .metadata: "M"
      }
    }
  }

  var phase: Phase
  var name: String
  /// Nanoseconds since the trace started; printed in microseconds, the format's unit.
  var time: Int
  var process: Int
  var thread: Int
  var category: StaticString?
  /// Ties the two ends of a flow.
  var id: UInt64?
  /// An instant drawn across every track, rather than in its own.
  var isGlobal = false
  var args: [(String, String)] = []

  func write(to json: inout JSONBuffer) {
    json.raw("{\"ph\":\"")
    json.raw(phase.letter)
    json.raw("\"")
    if phase != .metadata {
      json.raw(",\"ts\":")
      json.number(time / 1_000)
      json.raw(".")
      let fraction = time % 1_000
      if fraction < 100 { json.raw(fraction < 10 ? "00" : "0") }
      json.number(fraction)
    }
    json.raw(",\"pid\":")
    json.number(process)
    json.raw(",\"tid\":")
    json.number(thread)
    json.field("name", name)
    if let category {
      json.raw(",\"cat\":\"")
      json.raw(category)
      json.raw("\"")
    }
    if let id {
      json.raw(",\"id\":")
      json.number(id)
    }
    switch phase {
    case .instant: json.raw(isGlobal ? ",\"s\":\"g\"" : ",\"s\":\"t\"")
    case .flowEnd: json.raw(",\"bp\":\"e\"")
    default: break
    }
    if !args.isEmpty {
      json.raw(",\"args\":{")
      for (index, (key, value)) in args.enumerated() {
        if index > 0 { json.raw(",") }
        json.string(key)
        json.raw(":")
        json.string(value)
      }
      json.raw("}")
    }
    json.raw("}")
  }
}
