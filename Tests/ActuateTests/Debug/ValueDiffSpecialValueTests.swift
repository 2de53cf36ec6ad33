import Foundation
import Testing

@testable import Actuate

private struct Event {
  var at: Date
  var id: UUID
  var link: URL
}

private struct Price: CustomStringConvertible, CustomReflectable {
  var cents: Int
  var description: String { "$\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)" }
  var customMirror: Mirror { Mirror(self, children: [:]) }
}

/// How a diff shows Foundation values, custom descriptions, class cycles and long collections.
@Suite struct ValueDiffSpecialValueTests {
  @Test func foundationValues() {
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let old = Event(at: Date(timeIntervalSince1970: 0), id: id, link: URL(string: "https://a.example")!)
    var new = old
    new.at = Date(timeIntervalSince1970: 86_400 * 365)
    new.link = URL(string: "https://b.example")!
    #expect(
      DebugLog.diff(old, new)
        == """
          Event(
        -   at: Date(1970-01-01T00:00:00Z),
        +   at: Date(1971-01-01T00:00:00Z),
            id: UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
        -   link: URL(https://a.example)
        +   link: URL(https://b.example)
          )
        """)
  }

  @Test func customDescriptions() {
    #expect(
      DebugLog.diff(["total": Price(cents: 1999)], ["total": Price(cents: 2005)])
        == """
          [
        -   "total": $19.99
        +   "total": $20.05
          ]
        """)
  }

  @Test func classCyclesTerminate() {
    let old = Node(name: "a")
    old.next = Node(name: "b", next: old)
    let new = Node(name: "a")
    new.next = Node(name: "c", next: new)
    #expect(
      DebugLog.diff(old, new)
        == """
          #1 Node(
            name: "a",
            next: Node(
        -     name: "b",
        +     name: "c",
              next: Node(↩︎ #1)
            )
          )
        """)
  }

  @Test func largeCollectionDiffStaysShort() throws {
    let old = (0..<10_000).map { Owner(name: "owner \($0)", age: $0) }
    var new = old
    new[5_000].age = -1
    let diff = try #require(DebugLog.diff(old, new))
    #expect(
      diff == """
          [
            … (5,000 unchanged),
            Owner(
              name: "owner 5000",
        -     age: 5000
        +     age: -1
            ),
            … (4,999 unchanged)
          ]
        """)
  }

  @Test func outputIsCapped() throws {
    let diff = try #require(DebugLog.diff([Int](), Array(0..<5_000), maxLines: 4))
    #expect(
      diff == """
          [
        +   0,
        +   1,
          … (4,999 more lines not shown)
        """)
  }
}
