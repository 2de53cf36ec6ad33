import Actuate

/// A screen's worth of state for the view model's tests: flat properties, a nested struct, a collection of
/// identified rows and a value that cannot be compared.
struct ViewFeature: Interactor {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var settings = Settings()
    var rows: [Row] = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    var count = 0
  }

  struct Settings: Equatable, Sendable {
    var theme = "light"
    var fontSize = 12
  }

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case resultsLoaded([String])
    case themeChanged(String)
    case fontSizeChanged(Int)
    case rename(Int, String)
    case insertFirst(Row)
    case remove(Int)
    case increment
  }

  var canary: Canary?

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query): store.query = query
    case .resultsLoaded(let results): store.results = results
    case .themeChanged(let theme): store.settings.theme = theme
    case .fontSizeChanged(let size): store.settings.fontSize = size
    case .rename(let id, let title):
      if let index = store.rows.firstIndex(where: { $0.id == id }) { store.rows[index].title = title }
    case .insertFirst(let row): store.rows.insert(row, at: 0)
    case .remove(let id): store.rows.removeAll { $0.id == id }
    case .increment: store.count += 1
    }
  }
}
