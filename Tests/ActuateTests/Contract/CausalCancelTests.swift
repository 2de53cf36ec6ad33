import Actuate
import Testing

/// A cancel reaches what the store took before it in the order of sends, and what the cancelling code itself
/// sent before it; never an action sent after it.
@Suite("Causal cancel")
struct CausalCancelTests {
  struct Jobs: Interactor {
    struct State: Equatable, Sendable {
      var finished: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case job(Int)
      case cancelJobs
      case sendThenCancel(Int)
    }
    let policy: ActionPolicy

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      switch action {
      case .job(let n):
        await Task.yield()
        guard !Task.isCancelled else { return }
        store.finished.append(n)
      case .cancelJobs:
        store.cancel(id: "jobs")
      case .sendThenCancel(let n):
        store.send(.job(n))
        store.cancel(id: "jobs")
      }
    }

    func policy(for action: Action) -> ActionPolicy {
      if case .job = action { return policy }
      return .concurrent
    }
  }

  static let policies: [ActionPolicy] = [
    .serial(id: "jobs"), .concurrent(id: "jobs"), .cancelPrevious(id: "jobs"),
    .limit(id: "jobs", max: 2, whenFull: .wait),
  ]

  @Test(arguments: policies)
  func aCancelFromAHandlerNeverReachesAnActionSentAfterIt(policy: ActionPolicy) async {
    for _ in 0..<100 {
      let store = Store(initialState: .init(), interactor: Jobs(policy: policy))
      store.send(.job(1))
      store.send(.cancelJobs)
      let second = store.send(.job(2))
      #expect(await second.finish() == .completed)
      #expect(await store.state.finished.last == 2)
    }
  }

  @Test(arguments: policies)
  func aCancelFromAHandlerReachesWhatThatHandlerSentBeforeIt(policy: ActionPolicy) async {
    for _ in 0..<100 {
      let store = Store(initialState: .init(), interactor: Jobs(policy: policy))
      await store.send(.sendThenCancel(7)).finish()
      await store.waitUntilIdle()
      #expect(await store.state.finished == [])
    }
  }
}
