import Foundation
import Testing

@testable import Actuate

private enum SearchInteractor {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var isSearching = false
  }
}

private enum LoadState: Hashable {
  case idle
  case loading(progress: Double, label: String)
  case loaded(Owner)
  case failed(String)
}

private struct Screen {
  var state: LoadState
  var nickname: String?
}

private struct Box<Wrapped> {
  var wrapped: Wrapped
}

private enum Priority: CustomStringConvertible {
  case high
  var description: String { "‼️ high" }
}

private final class Token: CustomDebugStringConvertible {
  var debugDescription: String { "Token<secret>" }
}

@Suite struct ValueDumpTests {
  @Test func structPrintsOneFieldPerLine() {
    #expect(
      DebugLog.dump(SearchInteractor.State(query: "tabby", results: ["a"]))
        == """
        SearchInteractor.State(
          query: "tabby",
          results: [
            "a"
          ],
          isSearching: false
        )
        """)
  }

  @Test func scalars() {
    #expect(DebugLog.dump(42) == "42")
    #expect(DebugLog.dump(-7 as Int8) == "-7")
    #expect(DebugLog.dump(3.5) == "3.5")
    #expect(DebugLog.dump(1.0 as Float) == "1.0")
    #expect(DebugLog.dump(true) == "true")
    #expect(DebugLog.dump("say \"hi\"\t\\") == #""say \"hi\"\t\\""#)
    #expect(DebugLog.dump(Character("x")) == #""x""#)
  }

  @Test func enumsQualifyOnlyAtTheRoot() {
    #expect(DebugLog.dump(LoadState.idle) == "LoadState.idle")
    #expect(
      DebugLog.dump(LoadState.loading(progress: 0.5, label: "x")) == #"LoadState.loading(progress: 0.5, label: "x")"#)
    #expect(
      DebugLog.dump(LoadState.loaded(Owner(name: "Blob", age: 3)))
        == """
        LoadState.loaded(
          Owner(
            name: "Blob",
            age: 3
          )
        )
        """)
    #expect(
      DebugLog.dump(Screen(state: .failed("boom"), nickname: nil))
        == """
        Screen(
          state: .failed("boom"),
          nickname: nil
        )
        """)
  }

  @Test func optionalsUnwrap() {
    let some: Int?? = 5
    let none: Int? = nil
    #expect(DebugLog.dump(some) == "5")
    #expect(DebugLog.dump(none) == "nil")
  }

  @Test func tuples() {
    #expect(DebugLog.dump((1, "a")) == #"(1, "a")"#)
    #expect(DebugLog.dump((x: 1, y: 2)) == "(x: 1, y: 2)")
    #expect(
      DebugLog.dump((id: 1, owner: Owner(name: "Blob", age: 3)))
        == """
        (
          id: 1,
          owner: Owner(
            name: "Blob",
            age: 3
          )
        )
        """)
  }

  @Test func collections() {
    #expect(DebugLog.dump([Int]()) == "[]")
    #expect(DebugLog.dump([String: Int]()) == "[:]")
    #expect(DebugLog.dump(Set<Int>()) == "Set([])")
    #expect(
      DebugLog.dump([[1, 2], []])
        == """
        [
          [
            1,
            2
          ],
          []
        ]
        """)
    #expect(
      DebugLog.dump(ContiguousArray([1]))
        == """
        ContiguousArray([
          1
        ])
        """)
  }

  @Test func dictionariesAndSetsPrintInStableOrder() {
    #expect(
      DebugLog.dump([10: "ten", 2: "two", 1: "one"])
        == """
        [
          1: "one",
          2: "two",
          10: "ten"
        ]
        """)
    #expect(
      DebugLog.dump(Set(["pear", "apple", "fig"]))
        == """
        Set([
          "apple",
          "fig",
          "pear"
        ])
        """)
    #expect(
      DebugLog.dump([LoadState.idle: 1, .failed("x"): 2])
        == """
        [
          .failed("x"): 2,
          .idle: 1
        ]
        """)
  }

  @Test func multilineStringsPrintAsBlocks() {
    #expect(
      DebugLog.dump(Box(wrapped: "first\nsecond \"\"\" quote\n"))
        == #"""
        Box<String>(
          wrapped: """
            first
            second \""" quote

            """
        )
        """#)
  }

  @Test func foundationValues() {
    let values: [Any] = [
      Date(timeIntervalSince1970: 1_700_000_000.25),
      UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!,
      URL(string: "https://example.com/a?b=1")!,
    ]
    #expect(
      DebugLog.dump(values)
        == """
        [
          Date(2023-11-14T22:13:20.250Z),
          UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
          URL(https://example.com/a?b=1)
        ]
        """)
  }

  @Test func customDescriptionsReplaceEmptyMirrors() {
    #expect(DebugLog.dump(Priority.high) == "‼️ high")
    #expect(
      DebugLog.dump(Box(wrapped: Token()))
        == """
        Box<Token>(
          wrapped: Token<secret>
        )
        """)
  }

  @Test func cyclesPrintBackReferences() {
    let first = Node(name: "a")
    first.next = Node(name: "b", next: first)
    #expect(
      DebugLog.dump(first)
        == """
        #1 Node(
          name: "a",
          next: Node(
            name: "b",
            next: Node(↩︎ #1)
          )
        )
        """)
  }

  @Test func sharedInstancesPrintOnce() {
    let shared = Node(name: "shared")
    #expect(
      DebugLog.dump([shared, shared])
        == """
        [
          #1 Node(
            name: "shared",
            next: nil
          ),
          Node(↩︎ #1)
        ]
        """)
  }

  @Test func outputIsCappedWithANote() {
    #expect(
      DebugLog.dump(Array(0..<10_000), maxLines: 3)
        == """
        [
          0,
        … (10,000 more lines not shown)
        """)
    #expect(DebugLog.dump([1, 2], maxLines: 4) == "[\n  1,\n  2\n]")
  }
}
