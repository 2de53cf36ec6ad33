// error: 'forEach' is unavailable: a forEach body must be synchronous: update the state here, and send an action whose handler does the async work
import Actuate

struct Feed: Interactor {
  struct State: Sendable { var lines: [String] = [] }
  enum Action: Sendable { case refresh }
  enum Hook: CaseIterable, Sendable { case lines }
  let lines: AsyncStream<String>
  let save: @Sendable (String) async -> Void

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(lines) { line, store in
      store.lines.append(line)
      await save(line)
    }
  }
}
