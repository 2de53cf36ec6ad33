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

private struct Todo: Equatable, Identifiable {
  var id: Int
  var title: String
  var isDone = false
}

private struct TodoList: Equatable {
  var title: String
  var todos: [Todo]
  var owner: Owner
}

private enum LoadState: Equatable {
  case idle
  case loading(progress: Double)
  case loaded(Owner)
}

/// Deliberately not `Equatable`, so diffs must rely on reflection alone.
private struct Point {
  var x: Double
  var y: Double
}

@Suite struct ValueDiffTests {
  private let list = TodoList(
    title: "Home",
    todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Bread")],
    owner: Owner(name: "Blob", age: 3)
  )

  @Test func equalValuesHaveNoDiff() {
    #expect(DebugLog.diff(list, list) == nil)
    #expect(DebugLog.diff(Point(x: 1, y: 2), Point(x: 1, y: 2)) == nil)
    #expect(DebugLog.diff([Point(x: 1, y: 2)], [Point(x: 1, y: 2)]) == nil)
    #expect(DebugLog.diff(Double.nan, Double.nan) == nil)
  }

  @Test func structFieldChange() {
    var new = SearchInteractor.State()
    new.query = "tabby"
    #expect(
      DebugLog.diff(SearchInteractor.State(), new)
        == """
          SearchInteractor.State(
        -   query: "",
        +   query: "tabby",
            results: [],
            isSearching: false
          )
        """)
  }

  @Test func nestedStructChangeCollapsesSiblings() {
    var new = list
    new.owner.age = 4
    #expect(
      DebugLog.diff(list, new)
        == """
          TodoList(
            title: "Home",
            todos: […] (3 elements),
            owner: Owner(
              name: "Blob",
        -     age: 3
        +     age: 4
            )
          )
        """)
  }

  @Test func enumSameCaseDiffsPayload() {
    #expect(
      DebugLog.diff(LoadState.loaded(Owner(name: "Blob", age: 3)), .loaded(Owner(name: "Blob", age: 4)))
        == """
          LoadState.loaded(
            Owner(
              name: "Blob",
        -     age: 3
        +     age: 4
            )
          )
        """)
    #expect(
      DebugLog.diff(LoadState.loading(progress: 0.25), .loading(progress: 0.5))
        == """
        - LoadState.loading(progress: 0.25)
        + LoadState.loading(progress: 0.5)
        """)
  }

  @Test func enumCaseChangeReplacesWholeValue() {
    #expect(
      DebugLog.diff(LoadState.idle, .loaded(Owner(name: "Blob", age: 3)))
        == """
        - LoadState.idle
        + LoadState.loaded(
        +   Owner(
        +     name: "Blob",
        +     age: 3
        +   )
        + )
        """)
  }

  @Test func optionalFromNilToSome() {
    #expect(
      DebugLog.diff(Owner?.none, Owner(name: "Blob", age: 3))
        == """
        - nil
        + Owner(
        +   name: "Blob",
        +   age: 3
        + )
        """)
  }

  @Test func arrayInsertionIsOneAddedElement() {
    #expect(
      DebugLog.diff([1, 2, 3, 4, 5], [1, 2, 99, 3, 4, 5])
        == """
          [
            … (2 unchanged),
        +   99,
            … (3 unchanged)
          ]
        """)
    #expect(
      DebugLog.diff([1, 2, 3], [1, 2])
        == """
          [
            … (2 unchanged),
        -   3
          ]
        """)
  }

  @Test func identifiableElementsPairById() {
    var new = list
    new.todos.append(new.todos.removeFirst())
    new.todos[0].isDone = true
    #expect(
      DebugLog.diff(list, new)
        == """
          TodoList(
            title: "Home",
            todos: [
        -     Todo(
        -       id: 1,
        -       title: "Milk",
        -       isDone: false
        -     ),
              Todo(
                id: 2,
                title: "Eggs",
        -       isDone: false
        +       isDone: true
              ),
              … (1 unchanged),
        +     Todo(
        +       id: 1,
        +       title: "Milk",
        +       isDone: false
        +     )
            ],
            owner: Owner(…)
          )
        """)
  }

  @Test func nonEquatableElementsPairByPosition() {
    #expect(
      DebugLog.diff([Point(x: 1, y: 1), Point(x: 2, y: 2)], [Point(x: 1, y: 1), Point(x: 2, y: 3)])
        == """
          [
            … (1 unchanged),
            Point(
              x: 2.0,
        -     y: 2.0
        +     y: 3.0
            )
          ]
        """)
  }

  @Test func dictionaryChangesInStableOrder() {
    #expect(
      DebugLog.diff([1: "a", 2: "b", 10: "c", 20: "e"], [1: "a", 2: "B", 10: "c", 11: "d"])
        == """
          [
            … (1 unchanged),
        -   2: "b",
        +   2: "B",
            … (1 unchanged),
        +   11: "d",
        -   20: "e"
          ]
        """)
  }

  @Test func setChanges() {
    #expect(
      DebugLog.diff(Set([1, 2, 3]), Set([2, 3, 4]))
        == """
          Set([
        -   1,
            … (2 unchanged),
        +   4
          ])
        """)
  }

  @Test func tuples() {
    #expect(
      DebugLog.diff((1, name: "a"), (1, name: "b"))
        == """
        - (1, name: "a")
        + (1, name: "b")
        """)
    #expect(
      DebugLog.diff((id: 1, owner: Owner(name: "a", age: 1)), (id: 1, owner: Owner(name: "b", age: 1)))
        == """
          (
            id: 1,
            owner: Owner(
        -     name: "a",
        +     name: "b",
              age: 1
            )
          )
        """)
  }

  @Test func multilineStringsDiffByLine() {
    #expect(
      DebugLog.diff(["notes": "one\ntwo\nthree"], ["notes": "one\n2\nthree\nfour"])
        == #"""
          [
            "notes": """
              one
        -     two
        +     2
              three
        +     four
              """
          ]
        """#)
  }
}
