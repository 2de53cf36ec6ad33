@testable import Actuate

/// A search-like feature with one action per thing the debug log reports.
struct SearchFeature: Interactor {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var isSearching = false
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case refresh
    case touch
    case superseding(Int)
    case debounced(Int)
    case throttled(Int)
    case exclusive(Int)
    case longRunning
    case stale
  }

  enum Hook: CaseIterable, Sendable {
    case typed
    case assigned
    case failing
  }

  var typed = AsyncStream<String> { $0.finish() }
  var assigned = AsyncStream<String> { $0.finish() }
  var failing = AsyncThrowingStream<String, any Error> { $0.finish() }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query):
      store.query = query
    case .refresh:
      store.send(.queryChanged("again"))
    case .touch:
      store.query = store.query
    case .superseding, .exclusive:
      try? await store.sleep(for: .seconds(1))
    case .longRunning:
      // Runs until the test cancels it: a test that reads its span while it runs must not race its end
      // (a second was outlasted under ThreadSanitizer on a loaded machine).
      try? await store.sleep(for: .seconds(3_600))
    case .debounced(let number), .throttled(let number):
      store.query = "\(number)"
    case .stale:
      try? await store.sleep(for: .seconds(1))
      store.results = ["stale"]
      store.send(.queryChanged("late"))
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .superseding: .cancelPrevious(id: "superseding")
    case .debounced: .debounce(id: "debounced", for: .milliseconds(300))
    case .throttled: .throttle(id: "throttled", for: .seconds(1), latest: false)
    case .exclusive: .dropNew(id: "exclusive")
    case .longRunning: .concurrent(id: "long")
    case .stale: .concurrent(id: "stale")
    default: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .typed: .send(typed) { .queryChanged($0) }
    case .assigned: .assign(assigned, to: \.query)
    case .failing: .forEach(failing) { element, store in store.results = [element] }
    }
  }
}

/// Collects the entries a debug log writes, one string per entry.
final class LogCollector: Sendable {
  private let collected = Locked<[String]>([])

  var sink: DebugSink {
    sink(format: .text)
  }

  func sink(format: DebugFormat) -> DebugSink {
    .custom(name: "collector", format: format) { [self] entry in collected.withLock { $0.append(entry) } }
  }

  var entries: [String] { collected.withLock { $0 } }

  /// The entries with handler durations replaced by `‹t›`, which a test cannot know.
  var entriesWithoutDurations: [String] {
    entries.map { $0.replacing(#/ in [0-9.]+(µs|ms|s)/#, with: " in ‹t›") }
  }
}

/// 12:00:01.204 UTC on 1 January 1970.
let pinnedTime = WallTime(seconds: 43_201, nanoseconds: 204_000_000)

extension DebugLog {
  /// A debug log whose timestamps always read `1970-01-01T12:00:01.204000Z`, so expectations are exact.
  static func pinned(_ sinks: DebugSink..., filter: DebugFilter = DebugFilter()) -> DebugLog {
    var debug = DebugLog(sinks: sinks, filter: filter)
    debug.clock = .fixed(pinnedTime)
    return debug
  }
}

extension Store {
  /// An entry of this store's log, as a pinned debug log writes it.
  func entry(_ body: String) -> String {
    "[Actuate \(storeID) 1970-01-01T12:00:01.204000Z] \(body)"
  }
}

/// A store logged to a fresh collector, on a test clock, running only the given hooks.
func loggedStore(
  _ interactor: SearchFeature = SearchFeature(),
  hooks: [SearchFeature.Hook] = [],
  filter: DebugFilter = DebugFilter(),
  actions: (@Sendable (SearchFeature.Action) -> Bool)? = nil,
  clock: any Clock<Duration> = ContinuousClock()
) -> (Store<SearchFeature>, LogCollector) {
  let log = LogCollector()
  let store = Store(
    initialState: .init(), interactor: interactor, clock: clock, hooks: hooks, observers: [],
    debug: .using(.pinned(log.sink, filter: filter), actions: actions))
  return (store, log)
}

/// The entry a pinned log writes when a search store starts.
func startedEntry(_ store: Store<SearchFeature>) -> String {
  store.entry(
    """
    started with state:
      SearchFeature.State(
        query: "",
        results: [],
        isSearching: false
      )
    """)
}

/// The entry for a change of the query from `old` to `new`.
func queryChangedEntry(_ store: Store<SearchFeature>, from old: String, to new: String, by cause: String) -> String {
  store.entry(
    """
    state changed by \(cause):
      SearchFeature.State(
    -   query: "\(old)",
    +   query: "\(new)",
        results: [],
        isSearching: false
      )
    """)
}

/// The whole log, durations masked, of a search store that started and then logged one `.queryChanged(new)`,
/// which changed the query from `old`. `sender` is what the action's entry says of who sent it, if anything.
func oneQueryChangeLog(
  _ store: Store<SearchFeature>, from old: String, to new: String, sender: String? = nil
) -> [String] {
  let action = #".queryChanged(""# + new + #"")"#
  return [
    startedEntry(store),
    store.entry("action \(action)" + (sender.map { " (\($0))" } ?? "")),
    queryChangedEntry(store, from: old, to: new, by: action),
    store.entry("ended \(action) in ‹t›"),
  ]
}
