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
      DebugStore.dump(SearchInteractor.State(query: "tabby", results: ["a"]))
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
    #expect(DebugStore.dump(42) == "42")
    #expect(DebugStore.dump(-7 as Int8) == "-7")
    #expect(DebugStore.dump(3.5) == "3.5")
    #expect(DebugStore.dump(1.0 as Float) == "1.0")
    #expect(DebugStore.dump(true) == "true")
    #expect(DebugStore.dump("say \"hi\"\t\\") == #""say \"hi\"\t\\""#)
    #expect(DebugStore.dump(Character("x")) == #""x""#)
  }

  @Test func enumsQualifyOnlyAtTheRoot() {
    #expect(DebugStore.dump(LoadState.idle) == "LoadState.idle")
    #expect(DebugStore.dump(LoadState.loading(progress: 0.5, label: "x")) == #"LoadState.loading(progress: 0.5, label: "x")"#)
    #expect(
      DebugStore.dump(LoadState.loaded(Owner(name: "Blob", age: 3)))
        == """
        LoadState.loaded(
          Owner(
            name: "Blob",
            age: 3
          )
        )
        """)
    #expect(
      DebugStore.dump(Screen(state: .failed("boom"), nickname: nil))
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
    #expect(DebugStore.dump(some) == "5")
    #expect(DebugStore.dump(none) == "nil")
  }

  @Test func tuples() {
    #expect(DebugStore.dump((1, "a")) == #"(1, "a")"#)
    #expect(DebugStore.dump((x: 1, y: 2)) == "(x: 1, y: 2)")
    #expect(
      DebugStore.dump((id: 1, owner: Owner(name: "Blob", age: 3)))
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
    #expect(DebugStore.dump([Int]()) == "[]")
    #expect(DebugStore.dump([String: Int]()) == "[:]")
    #expect(DebugStore.dump(Set<Int>()) == "Set([])")
    #expect(
      DebugStore.dump([[1, 2], []])
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
      DebugStore.dump(ContiguousArray([1]))
        == """
        ContiguousArray([
          1
        ])
        """)
  }

  @Test func dictionariesAndSetsPrintInStableOrder() {
    #expect(
      DebugStore.dump([10: "ten", 2: "two", 1: "one"])
        == """
        [
          1: "one",
          2: "two",
          10: "ten"
        ]
        """)
    #expect(
      DebugStore.dump(Set(["pear", "apple", "fig"]))
        == """
        Set([
          "apple",
          "fig",
          "pear"
        ])
        """)
    #expect(
      DebugStore.dump([LoadState.idle: 1, .failed("x"): 2])
        == """
        [
          .failed("x"): 2,
          .idle: 1
        ]
        """)
  }

  @Test func multilineStringsPrintAsBlocks() {
    #expect(
      DebugStore.dump(Box(wrapped: "first\nsecond \"\"\" quote\n"))
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
      DebugStore.dump(values)
        == """
        [
          Date(2023-11-14T22:13:20.250Z),
          UUID(DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF),
          URL(https://example.com/a?b=1)
        ]
        """)
  }

  @Test func customDescriptionsReplaceEmptyMirrors() {
    #expect(DebugStore.dump(Priority.high) == "‼️ high")
    #expect(
      DebugStore.dump(Box(wrapped: Token()))
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
      DebugStore.dump(first)
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
      DebugStore.dump([shared, shared])
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
      DebugStore.dump(Array(0..<10_000), maxLines: 3)
        == """
        [
          0,
        … (10,000 more lines not shown)
        """)
    #expect(DebugStore.dump([1, 2], maxLines: 4) == "[\n  1,\n  2\n]")
  }
}
