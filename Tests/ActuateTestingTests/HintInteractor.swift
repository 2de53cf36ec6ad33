import Actuate

/// One action per case a TestStore's failure advises on: a handler that sleeps before its change, a
/// debounced search whose cleanup resets what the running one set, one that awaits the outside.
struct HintInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var query = ""
    var isLoading = false
  }

  enum Action: Equatable, Sendable {
    /// Sleeps a second on the clock, then counts.
    case later
    case queryChanged(String)
    /// Debounced; loads for a second on the clock; its cleanup turns the spinner off.
    case search(String)
    /// Awaits a stream nothing feeds: work outside the store.
    case waitOutside
    case sendPing
    case ping
  }

  let outside: AsyncStream<Void>

  init(outside: AsyncStream<Void> = AsyncStream { _ in }) {
    self.outside = outside
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .later:
      try? await store.sleep(for: .seconds(1))
      store.count += 1
    case .queryChanged(let query):
      store.query = query
      store.send(.search(query))
    case .search:
      store.isLoading = true
      try? await store.sleep(for: .seconds(1))
      store.isLoading = false
      store.count += 1
    case .waitOutside:
      for await _ in outside {}
    case .sendPing:
      store.send(.ping)
    case .ping:
      store.count += 1
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    if case .search = action { return .debounce(id: "search", for: .milliseconds(300)) }
    return .concurrent
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    if case .search = action { store.isLoading = false }
  }
}
