import Actuate

/// A counter that fetches a fact about its number (the newest fetch cancels the older one) and counts the
/// ticks of a timer hook.
struct CounterInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case fetchFact
    case tick
  }

  enum Hook: CaseIterable, Sendable {
    case timer
  }

  /// The fact service, injected so that tests and this demo choose what it does.
  let fact: @Sendable (Int) async throws -> String

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .decrement:
      store.count -= 1
    case .fetchFact:
      store.isLoadingFact = true
      let fact = try? await fact(store.count)
      store.fact = fact ?? "no fact today"
      store.isLoadingFact = false
    case .tick:
      store.ticks += 1
    }
  }

  /// A fetch cancelled after it started (a newer fetch won) must not leave its spinner on: its own writes
  /// are dropped from the cancel on, so the cleanup turns the spinner off.
  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    if case .fetchFact = action { store.isLoadingFact = false }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .fetchFact: .cancelPrevious(id: FactRequest())
    default: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .timer:
      .forEach(store.timer(every: .milliseconds(250))) { _, store in
        guard store.ticks < 1_000 else { throw TickLimit() }
        store.ticks += 1
      }
    }
  }

  private struct FactRequest: Hashable {}
  private struct TickLimit: Error {}
}
