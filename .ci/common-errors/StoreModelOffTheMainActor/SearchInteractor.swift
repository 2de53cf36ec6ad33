import Actuate

/// A search field's feature, and the line it gives the analytics log.
struct SearchInteractor: Interactor {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case search
  }

  let search: @Sendable (String) async throws -> [String]

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query):
      store.query = query
      store.send(.search)
    case .search:
      store.results = (try? await search(store.query)) ?? []
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .search ? .cancelPrevious(id: "search") : .concurrent
  }
}

/// The line the analytics log gets for a search: called from the code that sends analytics, which does not
/// run on the main actor.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func analyticsLine(for model: StoreModel<SearchInteractor>) -> String {
  "searched for \(model.query), \(model.results.count) results"
}
