// error: 'forEach' is unavailable: a forEach body cannot throw: catch the error in the body (do { … } catch { store.error = … }), or end the hook by making the sequence throw
import Actuate

struct Feed: Interactor {
  struct State: Sendable { var lines: [String] = [] }
  enum Action: Sendable { case refresh }
  enum Hook: CaseIterable, Sendable { case lines }
  struct EmptyLine: Error {}
  let lines: AsyncStream<String>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(lines) { line, store in
      guard !line.isEmpty else { throw EmptyLine() }
      store.lines.append(line)
    }
  }
}
