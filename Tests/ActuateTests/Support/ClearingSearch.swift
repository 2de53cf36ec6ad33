@testable import Actuate
import ActuateTesting

/// TCA's Search case study as a user writes it with Actuate: clearing the search writes the query, cancels
/// the search in flight, then clears the results and the spinner, in one stretch. `How` is the form the
/// cancel takes, `Cleanup` whether the interactor cleans a cancelled search up.
struct ClearingSearch: Interactor {
  struct State: Equatable, Sendable {
    var query = "tabby"
    var results = ["Tabby"]
    var isSearching = false
    var cleanups: [String] = []

    /// What a screen shows of the search.
    var visible: Visible { Visible(query: query, results: results, isSearching: isSearching) }
  }

  struct Visible: Equatable, Sendable, CustomStringConvertible {
    var query: String
    var results: [String]
    var isSearching: Bool

    /// The query cleared while the old results or the spinner still show: a clear seen half done.
    var isHalfCleared: Bool { query.isEmpty && (!results.isEmpty || isSearching) }

    var description: String { "\(query.debugDescription) \(results) \(isSearching ? "searching" : "idle")" }

    static let initial = Visible(query: "tabby", results: ["Tabby"], isSearching: false)
    static let searching = Visible(query: "tabb", results: ["Tabby"], isSearching: true)
    static let cleared = Visible(query: "", results: [], isSearching: false)
  }

  /// The forms of cancel a handler can call on its store.
  enum How: Equatable, Sendable, CaseIterable {
    /// `store.cancel(id:)`
    case id
    /// `store.cancel(ids:)`, the search's id and the suggestions'
    case ids
    /// `store.cancel(ids: SearchID.self, where:)`
    case predicate
    /// The search's `ActionTask.cancel()`: it goes through the intake, in order with the sends, so the
    /// store takes it, and runs the cleanup, after the stretch.
    case handle
  }

  enum Cleanup: Sendable, CaseIterable {
    case none
    /// `onCancel` notes the cleanup and turns the spinner off.
    case resets
    /// The same, and a cancelled search's cleanup cancels the suggestions too.
    case resetsAndCancelsSuggestions
  }

  enum Action: Equatable, Sendable {
    /// Shows the spinner and waits ten seconds on the clock for results.
    case search(String)
    /// Waits ten seconds on the clock under the suggestions' id, writing nothing.
    case suggest
    /// Clears the query, cancels the search the way `How` says, then clears the results and the spinner.
    case clear(How)
    /// Waits at `later`, then cancels the search by id and clears: the cleanup's writes are the first of a
    /// stretch that resumed after a suspension.
    case clearLater
    /// Clears the query, then cancels its own id, which is also the search's: a handler cancelling itself.
    case giveUp
  }

  enum Hook: CaseIterable, Sendable {
    /// Clears the search by id for each element: a hook's stretch.
    case clears
  }

  struct SearchID: Hashable, Sendable {
    var field = "main"
  }

  struct SuggestID: Hashable, Sendable {}

  var cleanup = Cleanup.none
  /// The search's handle, for `.clear(.handle)`.
  var handles = Handles()
  /// Where `.clearLater` waits: a suspension the test ends, on no clock.
  var later = Gate()
  /// Runs in the middle of `.clear`, right after the cancel.
  var midway: @Sendable (isolated StoreActor<Self>) -> Void = { _ in }
  var clears = AsyncStream<Void> { $0.finish() }

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
      cancelSearch(how, store: store)
      midway(store)
      store.results = []
      store.isSearching = false
    case .clearLater:
      await later.wait()
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

  private func cancelSearch(_ how: How, store: isolated StoreActor<Self>) {
    switch how {
    case .id: store.cancel(id: SearchID())
    case .ids: store.cancel(id: SearchID()); store.cancel(id: SuggestID())
    case .predicate: store.cancel(ids: SearchID.self, where: { $0.field == "main" })
    case .handle: handles.search.withLock { $0 }?.cancel()
    }
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    guard cleanup != .none else { return }
    store.cleanups.append("\(action) (\(reason))")
    guard case .search = action else { return }
    store.isSearching = false
    if cleanup == .resetsAndCancelsSuggestions { store.cancel(id: SuggestID()) }
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

  /// The handle of the search a test sent, for the handler that cancels it.
  final class Handles: Sendable {
    let search = Locked<ActionTask?>(nil)
  }
}

/// A parent that runs the search as a child, and a panel that runs it as its own child: a child's handler
/// cancels through its link, a parent's `cancelChild` cancels the child's work, and so does the panel's,
/// through the panel's link.
struct SearchHost: Interactor {
  struct State: Equatable, Sendable {
    var search = ClearingSearch.State()
    var panel = SearchPanel.State()
  }

  enum Action: Equatable, Sendable {
    case search(ClearingSearch.Action)
    case panel(SearchPanel.Action)
    /// Clears the child's query, cancels its work with `cancelChild`, then clears the rest.
    case clearSearch
  }

  var cleanup = ClearingSearch.Cleanup.none

  var children: [Child<Self>] {
    [
      .scope(\.search, interactor: ClearingSearch(cleanup: cleanup), embed: Action.search) {
        guard case .search(let action) = $0 else { return nil }
        return action
      },
      .scope(\.panel, interactor: SearchPanel(cleanup: cleanup), embed: Action.panel) {
        guard case .panel(let action) = $0 else { return nil }
        return action
      },
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

struct SearchPanel: Interactor {
  struct State: Equatable, Sendable {
    var search = ClearingSearch.State()
  }

  enum Action: Equatable, Sendable {
    case search(ClearingSearch.Action)
    case clearSearch
  }

  var cleanup = ClearingSearch.Cleanup.none

  var children: [Child<Self>] {
    [
      .scope(\.search, interactor: ClearingSearch(cleanup: cleanup), embed: Action.search) {
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
