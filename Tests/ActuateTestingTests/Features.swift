import Actuate
import ActuateTesting

/// The search feature of DESIGN.md: a debounced search fed by a hook on the store's own query.
struct SearchInteractor: Interactor {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var isSearching = false
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case search
    case clear
  }

  enum Hook: CaseIterable, Sendable {
    case queryTyped
  }

  let search: @Sendable (String) async throws -> [String]

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .queryChanged(let query):
      store.query = query
    case .search:
      guard !store.query.isEmpty else { return }
      store.isSearching = true
      let results = (try? await search(store.query)) ?? []
      store.results = results
      store.isSearching = false
    case .clear:
      store.cancel(id: SearchID())
      store.query = ""
      store.results = []
      store.isSearching = false
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .search: .debounce(id: SearchID(), for: .milliseconds(300))
    default: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .queryTyped: .send(store.values(\.query).dropFirst()) { _ in .search }
    }
  }

  private struct SearchID: Hashable {}
}

/// A counter with a slow, two-step load and a message hook, for the TestStore's own tests.
struct LoaderInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var isLoading = false
    var items: [String] = []
    var messages: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case load
    case loaded([String])
    case noop
  }

  enum Hook: CaseIterable, Sendable {
    case messages
  }

  let messages: AsyncStream<String>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .load:
      store.isLoading = true
      try? await store.sleep(for: .seconds(1))
      store.send(.loaded(["a", "b"]))
    case .loaded(let items):
      store.items = items
      store.isLoading = false
    case .noop:
      break
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(messages) { message, store in store.messages.append(message) }
  }
}

/// The loader in a TestStore whose waits for what never happens are short: the failure tests provoke them.
func loaderTestStore(
  _ exhaustivity: Exhaustivity = .on, clock: TestClock = TestClock(),
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> TestStore<LoaderInteractor> {
  let (messages, _) = AsyncStream<String>.makeStream()
  return TestStore(
    initialState: .init(), interactor: LoaderInteractor(messages: messages), clock: clock, exhaustivity: exhaustivity,
    timeout: .milliseconds(100), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Collects the failures a TestStore reports while `body` runs, instead of failing the test.
func failures(_ body: () async -> Void) async -> [String] {
  let collected = Locked<[String]>([])
  await IssueReporter.$capture.withValue({ message in collected.withLock { $0.append(message) } }) {
    await body()
  }
  return collected.withLock { $0 }
}

/// Collects the `[Actuate] warning:` lines given inside `collect` (and by every task started there), instead
/// of printing them, so a test that provokes a warning on purpose asserts it and the run's output stays
/// clean. A store gives its warnings from tasks that inherit the binding only when the store and its sends
/// come from inside `collect`: make the store there.
final class Warnings: Sendable {
  private let lines = Locked<[String]>([])
  var all: [String] { lines.withLock { $0 } }

  func collect<R>(_ body: () async throws -> R) async rethrows -> R {
    try await Diagnostics.$handler.withValue({ [self] line in lines.withLock { $0.append(line) } }, operation: body)
  }
}
