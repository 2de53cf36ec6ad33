@testable import Actuate
import ActuateTesting
import Testing

/// One synchronous stretch is one change, even when it cancels a started handler in its middle: the
/// cleanup that runs at the cancel joins the stretch's change, whose cause is the stretch's. Seen by a
/// `states` subscriber, a `values` subscriber, the observers and the debug log. A cleanup that runs outside
/// any stretch (a cancel from outside, a newer action's policy, `stop()`) stays a change of its own.
@Suite("One stretch, one change")
struct OneStretchOneChangeTests {
  typealias Visible = ClearingSearch.Visible

  // MARK: A handler's cancel

  @Test(arguments: [ClearingSearch.How.id, .ids, .predicate], ClearingSearch.Cleanup.allCases)
  func aHandlerThatCancelsInTheMiddleOfItsStretchMakesOneChange(
    how: ClearingSearch.How, cleanup: ClearingSearch.Cleanup
  ) async {
    let clock = TestClock()
    let seen = await watch(ClearingSearch(cleanup: cleanup), clock: clock, until: { $0.visible == .cleared }) { store in
      store.send(.search("tabb"))
      if how == .ids { store.send(.suggest) }
      await store.settleIntake()
      await store.sendAndWait(.clear(how))
    }
    #expect(seen.states.map(\.visible) == [.initial, .searching, .cleared])
    #expect(seen.visible == [.initial, .searching, .cleared])
    let suggestions = how == .ids && cleanup != .none
    #expect(seen.states.last?.cleanups == cleanups(cleanup, suggestions: suggestions))
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by \(ClearingSearch.Action.clear(how))"])
    #expect(
      seen.logged == [describe(ClearingSearch.Action.search("tabb")), describe(ClearingSearch.Action.clear(how))])
    // The log names the cleanups the change includes: those that wrote into it.
    let search = "the cleanup of \(describe(ClearingSearch.Action.search("tabb"))) (cancelled: explicit)"
    let suggest = "the cleanup of .suggest (cancelled: explicit)"
    #expect(seen.loggedCleanups == [[], cleanup == .none ? [] : suggestions ? [search, suggest] : [search]])
  }

  @Test func aCleanupThatCancelsAnotherHandlerJoinsTheSameChange() async {
    let clock = TestClock()
    let interactor = ClearingSearch(cleanup: .resetsAndCancelsSuggestions)
    let seen = await watch(interactor, clock: clock, until: { $0.visible == .cleared }) { store in
      store.send(.search("tabb"))
      store.send(.suggest)
      await store.settleIntake()
      await store.sendAndWait(.clear(.id))
    }
    #expect(seen.states.map(\.visible) == [.initial, .searching, .cleared])
    #expect(seen.states.last?.cleanups == ["search(\"tabb\") (explicit)", "suggest (explicit)"])
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by \(ClearingSearch.Action.clear(.id))"])
    #expect(seen.logged.count == 2)
  }

  @Test(arguments: ClearingSearch.Cleanup.allCases)
  func aStretchResumedAfterASuspensionThatCancelsFirstIsOneChange(cleanup: ClearingSearch.Cleanup) async {
    // The clear waits at a gate, not on the clock: a clock's wake-up of a plain store is bounded in real
    // time, which a loaded machine running the whole suite can outlast.
    let interactor = ClearingSearch(cleanup: cleanup)
    let seen = await watch(interactor, clock: TestClock(), until: { $0.visible == .cleared }) { store in
      store.send(.search("tabb"))
      store.send(.clearLater)
      await store.settleIntake()
      interactor.later.open()
    }
    #expect(seen.states.map(\.visible) == [.initial, .searching, .cleared])
    #expect(seen.visible == [.initial, .searching, .cleared])
    #expect(seen.states.last?.cleanups == cleanups(cleanup, suggestions: false))
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by clearLater"])
    #expect(seen.logged == [describe(ClearingSearch.Action.search("tabb")), ".clearLater"])
  }

  @Test(arguments: ClearingSearch.Cleanup.allCases)
  func aHandlerThatCancelsItselfMakesOneChangeWithBothCleanups(cleanup: ClearingSearch.Cleanup) async {
    let clock = TestClock()
    let seen = await watch(ClearingSearch(cleanup: cleanup), clock: clock, until: { $0.query.isEmpty }) { store in
      store.send(.search("tabb"))
      await store.settleIntake()
      await store.sendAndWait(.giveUp)
    }
    // Its own later write is dropped; the search's cleanup turns the spinner off.
    let gaveUp = Visible(query: "", results: ["Tabby"], isSearching: cleanup == .none)
    #expect(seen.states.map(\.visible) == [.initial, .searching, gaveUp])
    let cleaned = cleanup == .none ? [] : ["search(\"tabb\") (explicit)", "giveUp (explicit)"]
    #expect(seen.states.last?.cleanups == cleaned)
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by giveUp"])
    #expect(seen.logged == [describe(ClearingSearch.Action.search("tabb")), ".giveUp"])
    let both = [
      "the cleanup of \(describe(ClearingSearch.Action.search("tabb"))) (cancelled: explicit)",
      "the cleanup of .giveUp (cancelled: explicit)",
    ]
    #expect(seen.loggedCleanups == [[], cleanup == .none ? [] : both])
  }

  @Test(arguments: ClearingSearch.Cleanup.allCases)
  func aHookThatCancelsInTheMiddleOfAnElementMakesOneChange(cleanup: ClearingSearch.Cleanup) async {
    let clock = TestClock()
    let (clears, clear) = AsyncStream<Void>.makeStream()
    let interactor = ClearingSearch(cleanup: cleanup, clears: clears)
    let seen = await watch(interactor, hooks: [.clears], clock: clock, until: { $0.visible == .cleared }) { store in
      store.send(.search("tabb"))
      await store.settleIntake()
      clear.yield()
    }
    clear.finish()
    #expect(seen.states.map(\.visible) == [.initial, .searching, .cleared])
    #expect(seen.visible == [.initial, .searching, .cleared])
    #expect(seen.states.last?.cleanups == cleanups(cleanup, suggestions: false))
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by hook clears"])
    #expect(seen.logged.count == 2)
  }

  // MARK: A child's cancel, and a parent's

  @Test(
    arguments: [HostClear.child(.id), .child(.ids), .child(.predicate), .parent, .panel],
    ClearingSearch.Cleanup.allCases)
  func aChildOrParentThatCancelsTheChildsWorkInTheMiddleOfItsStretchMakesOneChange(
    clear: HostClear, cleanup: ClearingSearch.Cleanup
  ) async {
    let clock = TestClock()
    let inPanel = clear == .panel
    let started: SearchHost.Action = inPanel ? .panel(.search(.search("tabb"))) : .search(.search("tabb"))
    let search: WritableKeyPath<SearchHost.State, ClearingSearch.State> & Sendable = inPanel ? \.panel.search : \.search
    let visible: KeyPath<SearchHost.State, Visible> & Sendable = inPanel ? \.panel.search.visible : \.search.visible
    let seen = await watch(
      SearchHost(cleanup: cleanup), showing: visible, clock: clock, until: { $0[keyPath: search].visible == .cleared }
    ) { store in
      store.send(started)
      await store.settleIntake()
      await store.sendAndWait(clear.action)
    }
    #expect(seen.states.map { $0[keyPath: search].visible } == [.initial, .searching, .cleared])
    #expect(seen.visible == [.initial, .searching, .cleared])
    let cleaned = cleanup == .none ? [] : ["search(\"tabb\") (explicit)"]
    #expect(seen.states.last?[keyPath: search].cleanups == cleaned)
    #expect(seen.changes == ["changed by \(started)", "changed by \(clear.action)"])
    #expect(seen.logged == [describe(started), describe(clear.action)])
  }

  // MARK: A cleanup outside any stretch

  @Test(arguments: ClearingSearch.Cleanup.allCases)
  func aHandlesCancelIsTakenAfterTheStretchWhichIsOneChangeAndItsCleanupIsAnother(
    cleanup: ClearingSearch.Cleanup
  ) async {
    let clock = TestClock()
    let interactor = ClearingSearch(cleanup: cleanup)
    let seen = await watch(interactor, clock: clock, until: { $0.visible == .cleared }) { store in
      interactor.handles.search.withLock { $0 = store.send(.search("tabb")) }
      await store.settleIntake()
      await store.sendAndWait(.clear(.handle))
      await store.settleIntake()
    }
    #expect(seen.visible == [.initial, .searching, .cleared])
    #expect(!seen.states.contains { $0.visible.isHalfCleared })
    var changes = ["changed by search(\"tabb\")", "changed by \(ClearingSearch.Action.clear(.handle))"]
    if cleanup != .none { changes.append("changed by cleanup of search(\"tabb\") (explicit)") }
    #expect(seen.changes == changes)
    #expect(seen.states.last?.cleanups == cleanups(cleanup, suggestions: false))
    #expect(seen.logged.count == changes.count)
  }

  @Test func aCancelFromOutsideRunsTheCleanupAsAChangeOfItsOwn() async {
    let clock = TestClock()
    let seen = await watch(ClearingSearch(cleanup: .resets), clock: clock, until: { !$0.cleanups.isEmpty }) { store in
      store.send(.search("tabb"))
      await store.settleIntake()
      store.cancel(id: ClearingSearch.SearchID())
    }
    #expect(
      seen.states.map(\.visible) == [
        .initial, .searching, Visible(query: "tabb", results: ["Tabby"], isSearching: false),
      ])
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by cleanup of search(\"tabb\") (explicit)"])
    #expect(seen.logged.count == 2)
  }

  @Test func aNewerActionsPolicyRunsTheCleanupAsAChangeOfItsOwnBeforeTheNewerStarts() async {
    let clock = TestClock()
    let seen = await watch(ClearingSearch(cleanup: .resets), clock: clock, until: { $0.query == "tab" }) { store in
      store.send(.search("tabb"))
      await store.settleIntake()
      store.send(.search("tab"))
    }
    // The stop that ends the watch cleans the newer search up: a change of its own too.
    #expect(
      seen.changes == [
        "changed by search(\"tabb\")", "changed by cleanup of search(\"tabb\") (superseded)",
        "changed by search(\"tab\")",
        "changed by cleanup of search(\"tab\") (store stopped)",
      ])
    #expect(seen.logged.count == 4)
  }

  @Test func stopRunsTheCleanupAsAChangeOfItsOwn() async {
    let clock = TestClock()
    let seen = await watch(ClearingSearch(cleanup: .resets), clock: clock, until: { $0.isSearching }) { store in
      store.send(.search("tabb"))
      await store.settleIntake()
    }
    #expect(seen.states.last?.cleanups == ["search(\"tabb\") (store stopped)"])
    #expect(seen.changes == ["changed by search(\"tabb\")", "changed by cleanup of search(\"tabb\") (store stopped)"])
    #expect(seen.logged.count == 2)
  }

  /// The cleanups a clear leaves noted: the search's, and the suggestions' when they were cancelled too.
  private func cleanups(_ cleanup: ClearingSearch.Cleanup, suggestions: Bool) -> [String] {
    guard cleanup != .none else { return [] }
    return ["search(\"tabb\") (explicit)"] + (suggestions ? ["suggest (explicit)"] : [])
  }
}

/// Who clears a child's search: the child's own handler (with a form of cancel), the parent's with
/// `cancelChild`, or the panel's, a child itself, with `cancelChild` through its link.
enum HostClear: Equatable, Sendable, CustomTestStringConvertible {
  case child(ClearingSearch.How)
  case parent
  case panel

  var action: SearchHost.Action {
    switch self {
    case .child(let how): .search(.clear(how))
    case .parent: .clearSearch
    case .panel: .panel(.clearSearch)
    }
  }

  var testDescription: String { "\(self)" }
}

/// What everyone watching a store saw, from its first state until it stopped.
struct Watched<State> {
  /// Every state `states` yielded.
  var states: [State] = []
  /// Every value `values` yielded of what the screen shows.
  var visible: [ClearingSearch.Visible] = []
  /// The causes of the changes the observers were told of, as `EventLog` words them.
  var changes: [String] = []
  /// The causes of the changes the debug log wrote, one per "state changed by" entry.
  var logged: [String] = []
  /// The cleanups each of those entries says its change includes ("with the cleanup of …"), empty if none.
  var loggedCleanups: [[String]] = []
}

/// Runs `scenario` on a store of `interactor` watched by a `states` and a `values` subscriber, an observer
/// and a debug log; reads the states until one is `done`, stops the store, and returns what each saw.
func watch<I: Interactor>(
  _ interactor: I, state: I.State, hooks: [I.Hook] = [],
  showing visible: KeyPath<I.State, ClearingSearch.Visible> & Sendable,
  clock: TestClock, until done: (I.State) -> Bool, _ scenario: (Store<I>) async -> Void
) async -> Watched<I.State> {
  let log = EventLog<I>()
  let collector = LogCollector()
  let store = Store(
    initialState: state, interactor: interactor, clock: clock, hooks: hooks, observers: [log.observer],
    debug: .using(.pinned(collector.sink)))
  var seen = Watched<I.State>()
  var states = store.states.makeAsyncIterator()
  var values = store.values(visible).makeAsyncIterator()
  if let first = await states.next() { seen.states.append(first) }
  if let first = await values.next() { seen.visible.append(first) }
  await scenario(store)
  while let state = await states.next() {
    seen.states.append(state)
    if done(state) { break }
  }
  store.stop()
  while let state = await states.next() { seen.states.append(state) }
  while let value = await values.next() { seen.visible.append(value) }
  await store.flushDebugLog()
  seen.changes = log.lines.filter { $0.hasPrefix("changed by ") }
  let headers = collector.entries.compactMap { entry -> Substring? in
    guard let header = entry.split(separator: "\n").first, let range = header.range(of: "] state changed by ") else {
      return nil
    }
    return header[range.upperBound...].dropLast()
  }
  for header in headers {
    let parts = header.components(separatedBy: ", with ")
    seen.logged.append(parts[0])
    seen.loggedCleanups.append(parts.count > 1 ? parts[1].components(separatedBy: " and ") : [])
  }
  return seen
}

func watch(
  _ interactor: ClearingSearch, hooks: [ClearingSearch.Hook] = [], clock: TestClock,
  until done: (ClearingSearch.State) -> Bool, _ scenario: (Store<ClearingSearch>) async -> Void
) async -> Watched<ClearingSearch.State> {
  await watch(interactor, state: .init(), hooks: hooks, showing: \.visible, clock: clock, until: done, scenario)
}

func watch(
  _ interactor: SearchHost, showing visible: KeyPath<SearchHost.State, ClearingSearch.Visible> & Sendable,
  clock: TestClock, until done: (SearchHost.State) -> Bool, _ scenario: (Store<SearchHost>) async -> Void
) async -> Watched<SearchHost.State> {
  await watch(interactor, state: .init(), showing: visible, clock: clock, until: done, scenario)
}
