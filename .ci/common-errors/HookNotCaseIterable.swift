// error: type 'Clock' does not conform to protocol 'Interactor'
// note: possibly intended match 'Clock.Hook' does not conform to 'CaseIterable'
import Actuate

struct Clock: Interactor {
  struct State: Sendable { var ticks = 0 }
  enum Action: Sendable { case tick }
  enum Hook: Sendable { case timer }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    store.ticks += 1
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .timer:
      .send(store.timer(every: .seconds(1))) { _ in .tick }
    }
  }
}
