@testable import Actuate
import Foundation
import Testing

@Suite("JSON-lines debug log")
struct JSONLinesTests {
  private func objects(_ log: LogCollector) throws -> [[String: String]] {
    try log.entries.map { line in
      #expect(!line.contains("\n"), "one entry, one line")
      return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
    }
  }

  @Test func everyEntryIsOneObjectWithItsParts() async throws {
    let log = LogCollector()
    let store = Store(
      initialState: .init(), interactor: SearchFeature(), clock: ContinuousClock(), hooks: [], observers: [],
      debug: .using(.pinned(log.sink(format: .jsonLines))))
    await store.send(.queryChanged("tabby")).finish()
    await store.send(.refresh).finish()
    store.stop()
    await store.flushDebugLog()

    let entries = try objects(log)
    let time = "1970-01-01T12:00:01.204000Z"
    #expect(entries.allSatisfy { $0["time"] == time && $0["store"] == store.storeID.description })
    #expect(
      entries.map { $0["kind"]! } == [
        "started", "action", "stateChange", "actionEnded", "action", "actionEnded", "action", "stateChange",
        "actionEnded", "stopped",
      ])
    #expect(entries[0]["diff"]?.contains("query: \"\"") == true)
    #expect(
      entries[1] == [
        "time": time, "store": store.storeID.description, "kind": "action", "action": ".queryChanged(\"tabby\")",
        "message": "action .queryChanged(\"tabby\")",
      ])
    #expect(entries[2]["cause"] == ".queryChanged(\"tabby\")")
    #expect(entries[2]["diff"]?.contains("-   query: \"\",\n+   query: \"tabby\",") == true)
    #expect(entries[3]["outcome"] == "completed")
    #expect(entries[6]["cause"] == "the handler of .refresh")
  }

  @Test func aCancellationCarriesItsReason() async throws {
    let log = LogCollector()
    let store = Store(
      initialState: .init(), interactor: SearchFeature(), clock: ContinuousClock(), hooks: [], observers: [],
      debug: .using(.pinned(log.sink(format: .jsonLines), filter: DebugFilter(kinds: [.cancelled]))))
    await supersedeThenStop(store)
    let entries = try objects(log)
    #expect(entries.map { $0["outcome"] } == ["cancelled (superseded)", "cancelled (store stopped)"])
    #expect(entries.map { $0["action"] } == [".superseding(1)", ".superseding(2)"])
  }

  @Test func stringsAreEscaped() {
    func quoted(_ text: String) -> String {
      var json = JSONBuffer()
      json.string(text)
      return json.text
    }
    #expect(quoted("plain") == "\"plain\"")
    #expect(quoted("a \"quote\", a \\ and\na line\tand \u{1}") == #""a \"quote\", a \\ and\na line\tand \u0001""#)
    #expect(quoted("é 🐈") == "\"é 🐈\"")
    #expect(quoted("") == "\"\"")
    #expect(quoted("\"é\n🐈\\") == #""\"é\n🐈\\""#)
  }

  @Test func numbers() {
    var json = JSONBuffer()
    for value in [0, 7, 10, 1_234_567, -42] {
      json.number(value)
      json.raw(" ")
    }
    #expect(json.text == "0 7 10 1234567 -42 ")
  }
}
