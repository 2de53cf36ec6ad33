/// The JSON-lines rendering of an entry: one object on one line, its fields in a fixed order.
enum JSONLinesFormat {
  static func line(_ entry: DebugEntry, store: StoreID, time: String) -> String {
    var line = "{\"time\":\"\(time)\",\"store\":"
    line += JSONString.quoted(store.description)
    line += ",\"kind\":\"\(entry.kind.rawValue)\""
    if let action = entry.action { line += ",\"action\":" + JSONString.quoted(action) }
    if let cause = entry.cause { line += ",\"cause\":" + JSONString.quoted(cause) }
    if let outcome = entry.outcome { line += ",\"outcome\":" + JSONString.quoted(outcome) }
    line += ",\"message\":" + JSONString.quoted(entry.message)
    if let detail = entry.detail { line += ",\"diff\":" + JSONString.quoted(detail) }
    return line + "}"
  }
}
