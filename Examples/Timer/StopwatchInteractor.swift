import Actuate

/// A stopwatch: start, stop, reset, and the elapsed time counted by a timer on the store's clock.
///
/// The timer is a hook: it ticks for the store's whole life, and `isRunning` decides whether a tick counts.
/// Start and stop are then plain state writes, nothing needs cancelling or restarting, and a tick while
/// stopped changes nothing, so neither the log nor a test sees it. The price is that a tick can come up to
/// one `resolution` after a start, so pick a resolution finer than what is displayed.
struct StopwatchInteractor: Interactor {
  struct State: Equatable, Sendable {
    var isRunning = false
    var elapsed = Duration.zero
  }

  enum Action: Equatable, Sendable {
    case start
    case stop
    case reset
  }

  enum Hook: CaseIterable, Sendable {
    case ticks
  }

  /// How often the timer ticks, and how much each tick adds.
  let resolution: Duration

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .start: store.isRunning = true
    case .stop: store.isRunning = false
    case .reset: store.elapsed = .zero
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .ticks:
      .forEach(store.timer(every: resolution)) { [resolution] _, store in
        if store.isRunning { store.elapsed += resolution }
      }
    }
  }
}
