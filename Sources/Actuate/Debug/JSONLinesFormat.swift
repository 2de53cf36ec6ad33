/// The JSON-lines rendering of an entry: one object on one line, its fields in a fixed order.
enum JSONLinesFormat {
  static func line(_ entry: DebugEntry, store: StoreID, time: String) -> String {
    var json = JSONBuffer(capacity: 256 + (entry.detail?.utf8.count ?? 0))
    json.raw("{\"time\":")
    json.string(time)
    json.field("store", store.description)
    json.field("kind", entry.kind.rawValue)
    if let action = entry.action { json.field("action", action) }
    if let cause = entry.cause { json.field("cause", cause) }
    if let outcome = entry.outcome { json.field("outcome", outcome) }
    json.field("message", entry.message)
    if let detail = entry.detail { json.field("diff", detail) }
    json.raw("}")
    return json.text
  }
}
