import Actuate

/// Search as you type: the query waits for a pause in typing, the newest search cancels the older one,
/// clearing the query cancels a search in flight, and a failed search shows an error.
///
/// Its state and actions are `Codable` and its search is `Recorded`, so a session recorded with
/// `ACTUATE_RECORD=/tmp/search.jsonl swift run --package-path Examples search` replays in a test
/// (`SearchSessionTests`).
struct SearchInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var isSearching = false
    var error: String?
  }

  enum Action: Codable, Equatable, Sendable {
    case queryChanged(String)
    case clear
    /// Internal: sent by the hook on the query. It carries its query, so a log shows what was searched.
    case search(String)
  }

  enum Hook: CaseIterable, Sendable {
    case queryTyped
  }

  static let debounce = Duration.milliseconds(300)

  let search: Recorded<String, [String]>

  init(search: Recorded<String, [String]>) {
    self.search = search
  }

  /// A search service that is not recorded, as most tests give one.
  init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.search = Recorded("search", search)
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query):
      if query.isEmpty {
        clear(store)
      } else {
        store.query = query
      }
    case .clear:
      clear(store)
    case .search(let query):
      store.isSearching = true
      store.error = nil
      do {
        store.results = try await search(query)
      } catch {
        // A cancelled search lands here too, with a CancellationError; its writes are dropped, so only a
        // real failure is ever shown.
        store.results = []
        store.error = "Search failed: \(error)"
      }
      store.isSearching = false
    }
  }

  /// A search cancelled while it runs (a newer query superseded it, or the query was cleared) can no longer
  /// write: its cleanup turns the spinner off, so it shows only while a search runs.
  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    if case .search = action { store.isSearching = false }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    // Debounce cancels the search in flight as well as the one waiting: the newest query wins.
    case .search: .debounce(id: SearchID(), for: Self.debounce)
    case .queryChanged, .clear: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .queryTyped:
      .send(store.values(\.query).dropFirst()) { query in query.isEmpty ? nil : .search(query) }
    }
  }

  /// An empty query has no results: whatever search runs or waits is for a query that is gone, and is
  /// cancelled, or its results would show under the empty query (the bug a recorded session shows, in
  /// `SearchSessionTests`).
  private func clear(_ store: isolated StoreActor<Self>) {
    store.cancel(id: SearchID())
    store.query = ""
    store.results = []
    store.error = nil
    store.isSearching = false
  }

  private struct SearchID: Hashable {}
}
