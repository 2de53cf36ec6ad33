import Testing

@testable import Actuate

/// Navigation state as it is often written: an indirect enum, one level a screen.
private indirect enum Tree: Equatable {
  case leaf(Int)
  case node(value: Int, child: Tree)

  /// `depth` nodes numbered from 0 above a leaf holding `leaf`.
  static func chain(depth: Int, leaf: Int) -> Tree {
    (0..<depth).reversed().reduce(.leaf(leaf)) { child, value in .node(value: value, child: child) }
  }
}

/// The same shape with unlabelled payloads and no `==`, so the diff finds the change by reflection alone.
private indirect enum Path {
  case end(String)
  case step(String, Path)

  static func through(_ names: [String], to end: String) -> Path {
    names.reversed().reduce(.end(end)) { rest, name in .step(name, rest) }
  }
}

private struct Item: Equatable {
  var id: Int
  var title: String
}

private struct Filter: Equatable {
  var query: String
  var tags: [String]
}

private enum Screen: Equatable {
  case loading
  case list(items: [Item], filter: Filter)
  case detail(Item)
  case message(String)
}

/// A screen on a navigation stack, its payload the screen's own state.
private enum Destination: Equatable {
  case search(Filter)
  case detail(id: Int, item: Item)
  case settings
}

/// Each line of `text` without its diff mark and indentation.
private func contents(_ text: String) -> [Substring] {
  text.split(separator: "\n").map { $0.drop(while: { $0 == " " || $0 == "-" || $0 == "+" }) }
}

@Suite struct EnumDiffTests {
  @Test func aChangeDeepInAnIndirectEnumIsShownWhereItIs() throws {
    let diff = try #require(DebugLog.diff(Tree.chain(depth: 50, leaf: 1), Tree.chain(depth: 50, leaf: 2)))
    let lines = diff.split(separator: "\n")
    let indentation = String(repeating: " ", count: 2 * 49)
    #expect(
      lines.filter { !$0.hasPrefix(" ") } == [
        "- \(indentation)child: .node(value: 49, child: .leaf(1))",
        "+ \(indentation)child: .node(value: 49, child: .leaf(2))",
      ])
    // The root, then for nodes 0 to 48 its value and closing parenthesis, for 1 to 48 its opening line.
    #expect(lines.count == 1 + 49 + 49 + 48 + 2)
    #expect(
      lines.prefix(5).joined(separator: "\n") == """
          Tree.node(
            value: 0,
            child: .node(
              value: 1,
              child: .node(
        """)
  }

  @Test func anEnumFitsOnOneLineOnlyWithinTheWidth() {
    #expect(
      DebugLog.diff(Tree.chain(depth: 5, leaf: 1), Tree.chain(depth: 5, leaf: 2))
        == """
          Tree.node(
            value: 0,
            child: .node(
              value: 1,
        -     child: .node(value: 2, child: .node(value: 3, child: .node(value: 4, child: .leaf(1))))
        +     child: .node(value: 2, child: .node(value: 3, child: .node(value: 4, child: .leaf(2))))
            )
          )
        """)
    #expect(
      DebugLog.dump(Tree.chain(depth: 5, leaf: 1))
        == """
        Tree.node(
          value: 0,
          child: .node(
            value: 1,
            child: .node(value: 2, child: .node(value: 3, child: .node(value: 4, child: .leaf(1))))
          )
        )
        """)
  }

  @Test func aDeepEnumDumpsWithinTheWidth() {
    let dump = DebugLog.dump(Tree.chain(depth: 50, leaf: 1))
    let lines: [Substring] = dump.split(separator: "\n")
    // Past depth 29 the indentation alone takes 60 columns, and a line keeps 40 of its own.
    #expect(lines.prefix(30).allSatisfy { $0.count <= ValueDumper.lineWidth })
    #expect(contents(dump).allSatisfy { $0.count <= ValueDumper.lineWidth - 2 })
  }

  @Test func unlabelledPayloadsWithoutEquatableDescendToo() throws {
    let names = (1...20).map { "step \($0)" }
    let diff = try #require(DebugLog.diff(Path.through(names, to: "old"), Path.through(names, to: "new")))
    let lines = diff.split(separator: "\n")
    let indentation = String(repeating: " ", count: 2 * 18)
    #expect(
      lines.filter { !$0.hasPrefix(" ") } == [
        #"- \#(indentation).step("step 19", .step("step 20", .end("old")))"#,
        #"+ \#(indentation).step("step 19", .step("step 20", .end("new")))"#,
      ])
    #expect(lines.prefix(3) == ["  Path.step(", #"    "step 1","#, "    .step("])
  }

  @Test func anUnchangedPayloadTooLongForALineCollapses() {
    let names = (1...20).map { "step \($0)" }
    #expect(
      DebugLog.diff((Path.through(names, to: "end"), 1), (Path.through(names, to: "end"), 2))
        == """
          (
            .step(…),
        -   1
        +   2
          )
        """)
  }

  @Test func aShortPayloadChangesOnOneLineALongOneInItsOwnLines() {
    #expect(
      DebugLog.diff(Screen.message("a"), .message("b"))
        == """
        - Screen.message("a")
        + Screen.message("b")
        """)
    let long = String(repeating: "word ", count: 20)
    #expect(
      DebugLog.diff(Screen.message(long + "a"), .message(long + "b"))
        == """
          Screen.message(
        -   "\(long)a"
        +   "\(long)b"
          )
        """)
  }

  @Test func anEnumHoldingStructsAndArraysDiffsItsFields() {
    let items = (1...5).map { Item(id: $0, title: "item \($0)") }
    var changed = items
    changed[2].title = "changed"
    #expect(
      DebugLog.diff(
        Screen.list(items: items, filter: Filter(query: "a", tags: ["x", "y"])),
        .list(items: changed, filter: Filter(query: "a", tags: ["x", "y"])))
          == """
            Screen.list(
              items: [
                … (2 unchanged),
                Item(
                  id: 3,
          -       title: "item 3"
          +       title: "changed"
                ),
                … (2 unchanged)
              ],
              filter: Filter(…)
            )
          """)
    #expect(
      DebugLog.diff(Screen.detail(items[0]), .detail(Item(id: 1, title: "renamed")))
        == """
          Screen.detail(
            Item(
              id: 1,
        -     title: "item 1"
        +     title: "renamed"
            )
          )
        """)
    #expect(
      DebugLog.diff(Screen.loading, .detail(items[0]))
        == """
        - Screen.loading
        + Screen.detail(
        +   Item(
        +     id: 1,
        +     title: "item 1"
        +   )
        + )
        """)
  }

  @Test func aNavigationStackShowsThePushAndTheChangeInsideAScreen() {
    let stack: [Destination] = [
      .search(Filter(query: "cats", tags: ["tabby"])),
      .detail(id: 3, item: Item(id: 3, title: "Tabby")),
      .settings,
    ]
    var pushed = stack
    pushed[1] = .detail(id: 3, item: Item(id: 3, title: "Tabby cat"))
    pushed.append(.detail(id: 4, item: Item(id: 4, title: "Calico")))
    #expect(
      DebugLog.diff(stack, pushed)
        == """
          [
            … (1 unchanged),
            .detail(
              id: 3,
              item: Item(
                id: 3,
        -       title: "Tabby"
        +       title: "Tabby cat"
              )
            ),
            … (1 unchanged),
        +   .detail(
        +     id: 4,
        +     item: Item(
        +       id: 4,
        +       title: "Calico"
        +     )
        +   )
          ]
        """)
  }
}
