import Actuate
import Testing

/// A cancel reaches what the store took before it in the order of sends, and what the cancelling code itself
/// sent before it; never an action sent after it.
@Suite("Causal cancel")
struct CausalCancelTests {
  struct Jobs: Interactor {
    struct State: Equatable, Sendable {
      var started: [Int] = []
      var finished: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case job(Int)
      case cancelJobs
      case sendThenCancel(Int)
      case sendUnderEveryPolicyThenCancel
    }
    let policy: ActionPolicy
    /// Job n runs under `everyPolicy[n]` instead.
    var mixesPolicies = false

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      switch action {
      case .job(let n):
        store.started.append(n)
        await Task.yield()
        guard !Task.isCancelled else { return }
        store.finished.append(n)
      case .cancelJobs:
        store.cancel(id: "jobs")
      case .sendThenCancel(let n):
        store.send(.job(n))
        store.cancel(id: "jobs")
      case .sendUnderEveryPolicyThenCancel:
        for n in Self.everyPolicy.indices { store.send(.job(n)) }
        store.cancel(id: "jobs")
      }
    }

    func policy(for action: Action) -> ActionPolicy {
      guard case .job(let n) = action else { return .concurrent }
      return mixesPolicies ? Self.everyPolicy[n] : policy
    }

    /// Job n's policy when `mixesPolicies`: each counts or takes the places under "jobs"
    /// differently, so that taken one after another they would start, wait, displace or shut out each other.
    static let everyPolicy: [ActionPolicy] = [
      .serial(id: "jobs"), .limit(id: "jobs", max: 1, whenFull: .dropNew), .throttle(id: "jobs", for: .seconds(1)),
      .limit(id: "jobs", max: 2, whenFull: .cancelOldest), .cancelPrevious(id: "jobs"),
      .debounce(id: "jobs", for: .zero), .concurrent(id: "jobs"),
    ]
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

  /// Whatever their policies, and whatever each would do to the others as it is taken, the actions a handler
  /// sent before its cancel never start: the cancel came before the store took any of them.
  @Test func aCancelFromAHandlerReachesWhatItSentUnderEveryPolicyBeforeAnyStarts() async {
    for _ in 0..<100 {
      let store = Store(initialState: .init(), interactor: Jobs(policy: .concurrent, mixesPolicies: true))
      await store.send(.sendUnderEveryPolicyThenCancel).finish()
      await store.waitUntilIdle()
      #expect(await store.state.started == [])
      #expect(await store.state.finished == [])
    }
  }
}
