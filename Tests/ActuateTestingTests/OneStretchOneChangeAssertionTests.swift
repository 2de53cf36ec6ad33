import Actuate
@testable import ActuateTesting
import Testing

/// A handler that cancels a started handler in the middle of its stretch makes one change, cleanup
/// included: `send` asserts it whole, and nothing is left unasserted. A cleanup outside any stretch (a
/// handle's cancel, which the store takes after the stretch, or a cancel from outside) is asserted with
/// `step`.
@Suite("TestStore: one stretch, one change")
struct OneStretchOneChangeAssertionTests {
  typealias Search = ClearableSearch

  @Test(arguments: [Search.How.id, .ids, .predicate], [false, true])
  func sendAssertsAClearThatCancelsTheSearchInItsMiddleWhole(how: Search.How, cleansUp: Bool) async {
    let store = TestStore(initialState: .init(), interactor: Search(cleansUp: cleansUp))
    await store.send(.search("tabb")) {
      $0.query = "tabb"
      $0.isSearching = true
    }
    if how == .ids { await store.send(.suggest) }
    await store.send(.clear(how)) {
      $0.query = ""
      $0.results = []
      $0.isSearching = false
      if cleansUp { $0.cleanups = ["search(\"tabb\") (explicit)"] + (how == .ids ? ["suggest (explicit)"] : []) }
    }
    await store.finish()
  }

  @Test(arguments: [false, true])
  func sendAssertsAHandlerThatCancelsItselfWhole(cleansUp: Bool) async {
    let store = TestStore(initialState: .init(), interactor: Search(cleansUp: cleansUp))
    await store.send(.search("tabb")) {
      $0.query = "tabb"
      $0.isSearching = true
    }
    await store.send(.giveUp) {
      $0.query = ""
      if cleansUp {
        $0.isSearching = false
        $0.cleanups = ["search(\"tabb\") (explicit)", "giveUp (explicit)"]
      }
    }
    await store.finish()
  }

  @Test(arguments: [false, true])
  func stepAssertsAResumedStretchThatCancelsFirstWhole(cleansUp: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: Search(cleansUp: cleansUp), clock: clock)
    await store.send(.search("tabb")) {
      $0.query = "tabb"
      $0.isSearching = true
    }
    await store.send(.clearLater)
    await clock.advance(by: .seconds(1))
    await store.step {
      $0.query = ""
      $0.results = []
      $0.isSearching = false
      if cleansUp { $0.cleanups = ["search(\"tabb\") (explicit)"] }
    }
    await store.finish()
  }

  @Test(arguments: [false, true])
  func stepAssertsAHookElementThatCancelsInItsMiddleWhole(cleansUp: Bool) async {
    let (clears, clear) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: .init(), interactor: Search(cleansUp: cleansUp, clears: clears))
    await store.send(.search("tabb")) {
      $0.query = "tabb"
      $0.isSearching = true
    }
    clear.yield()
    await store.step {
      $0.query = ""
      $0.results = []
      $0.isSearching = false
      if cleansUp { $0.cleanups = ["search(\"tabb\") (explicit)"] }
    }
    clear.finish()
    await store.finish()
  }

  @Test(
    arguments: [SearchParent.Action.search(.clear(.id)), .search(.clear(.predicate)), .clearSearch], [false, true])
  func sendAssertsAChildsOrAParentsCancelOfTheChildsWorkWhole(clear: SearchParent.Action, cleansUp: Bool) async {
    let store = TestStore(initialState: .init(), interactor: SearchParent(cleansUp: cleansUp))
    await store.send(.search(.search("tabb"))) {
      $0.search.query = "tabb"
      $0.search.isSearching = true
    }
    await store.send(clear) {
      $0.search.query = ""
      $0.search.results = []
      $0.search.isSearching = false
      if cleansUp { $0.search.cleanups = ["search(\"tabb\") (explicit)"] }
    }
    await store.finish()
  }

  @Test(arguments: [false, true])
  func aHandlesCancelIsTakenAfterTheStretchSoItsCleanupIsAStepOfItsOwn(cleansUp: Bool) async {
    let interactor = Search(cleansUp: cleansUp)
    let store = TestStore(initialState: .init(), interactor: interactor)
    let search = await store.send(.search("tabb")) {
      $0.query = "tabb"
      $0.isSearching = true
    }
    interactor.handles.search.withLock { $0 = search }
    await store.send(.clear(.handle)) {
      $0.query = ""
      $0.results = []
      $0.isSearching = false
    }
    if cleansUp { await store.step { $0.cleanups = ["search(\"tabb\") (explicit)"] } }
    await store.finish()
  }

  @Test func aCancelFromOutsideIsACleanupOfItsOwn() async {
    let store = TestStore(initialState: .init(), interactor: Search(cleansUp: true))
    await store.send(.search("tabb")) {
      $0.query = "tabb"
      $0.isSearching = true
    }
    store.store.cancel(id: Search.SearchID())
    await store.step {
      $0.isSearching = false
      $0.cleanups = ["search(\"tabb\") (explicit)"]
    }
    await store.finish()
  }
}

/// TCA's Search case study, cleared the way its handler does it: the query, a cancel, then the rest.
struct ClearableSearch: Interactor {
  struct State: Equatable, Sendable {
    var query = "tabby"
    var results = ["Tabby"]
    var isSearching = false
    var cleanups: [String] = []
  }

  enum How: Equatable, Sendable {
    case id, ids, predicate, handle
  }

  enum Action: Equatable, Sendable {
    case search(String)
    case suggest
    case clear(How)
    case clearLater
    case giveUp
  }

  enum Hook: CaseIterable, Sendable {
    case clears
  }

  struct SearchID: Hashable, Sendable {
    var field = "main"
  }

  struct SuggestID: Hashable, Sendable {}

  final class Handles: Sendable {
    let search = Locked<ActionTask?>(nil)
  }

  var cleansUp = false
  var clears = AsyncStream<Void> { $0.finish() }
  var handles = Handles()

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .search(let query):
      store.query = query
      store.isSearching = true
      try? await store.sleep(for: .seconds(10))
      store.results = [query.capitalized]
      store.isSearching = false
    case .suggest:
      try? await store.sleep(for: .seconds(10))
    case .clear(let how):
      store.query = ""
      switch how {
      case .id: store.cancel(id: SearchID())
      case .ids: store.cancel(id: SearchID()); store.cancel(id: SuggestID())
      case .predicate: store.cancel(ids: SearchID.self, where: { $0.field == "main" })
      case .handle: handles.search.withLock { $0 }?.cancel()
      }
      store.results = []
      store.isSearching = false
    case .clearLater:
      try? await store.sleep(for: .seconds(1))
      store.cancel(id: SearchID())
      store.query = ""
      store.results = []
      store.isSearching = false
    case .giveUp:
      store.query = ""
      store.cancel(id: SearchID())
      store.results = []  // dropped: the handler has cancelled itself
    }
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    guard cleansUp else { return }
    store.cleanups.append("\(action) (\(reason))")
    if case .search = action { store.isSearching = false }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .search: .cancelPrevious(id: SearchID())
    case .giveUp: .concurrent(id: SearchID())
    case .suggest: .concurrent(id: SuggestID())
    default: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(clears) { _, store in
      store.query = ""
      store.cancel(id: SearchID())
      store.results = []
      store.isSearching = false
    }
  }
}

/// A parent running the search as a child, which clears it with `cancelChild`.
struct SearchParent: Interactor {
  struct State: Equatable, Sendable {
    var search = ClearableSearch.State()
  }

  enum Action: Equatable, Sendable {
    case search(ClearableSearch.Action)
    case clearSearch
  }

  var cleansUp = false

  var children: [Child<Self>] {
    [
      .scope(\.search, interactor: ClearableSearch(cleansUp: cleansUp), embed: Action.search) {
        guard case .search(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    guard case .clearSearch = action else { return }
    store.search.query = ""
    store.cancelChild(\.search)
    store.search.results = []
    store.search.isSearching = false
  }
}
