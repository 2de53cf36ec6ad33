@testable import Actuate
import ActuateTesting

/// Runs each action under the policy it carries, logging its start, its end and its cleanup, so the policy
/// tests can send any mix of policies and identifiers.
struct PolicyProbe: Interactor {
  struct State: Equatable, Sendable {
    var log: [String] = []
    /// Handlers running now: a start adds one, an end or a cleanup takes it back.
    var running = 0
  }

  struct Action: Sendable, CustomStringConvertible {
    let label: String
    let policy: ActionPolicy
    var duration: Duration = .seconds(1)

    var description: String { label }
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    store.log.append("start \(action.label)")
    store.running += 1
    try? await store.sleep(for: action.duration)
    store.log.append("end \(action.label)")
    store.running -= 1
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    store.log.append("cleanup \(action.label)")
    store.running -= 1
  }

  func policy(for action: Action) -> ActionPolicy { action.policy }
}

extension Store where I == PolicyProbe {
  /// Sends an action labelled `label` under `policy`, whose handler sleeps for `duration`.
  @discardableResult
  func send(_ label: String, _ policy: ActionPolicy, for duration: Duration = .seconds(1)) -> ActionTask {
    send(PolicyProbe.Action(label: label, policy: policy, duration: duration))
  }

  /// A probe store on a test clock.
  static func probe() -> (Store<PolicyProbe>, TestClock) {
    let clock = TestClock()
    return (Store(initialState: .init(), interactor: PolicyProbe(), clock: clock), clock)
  }
}
