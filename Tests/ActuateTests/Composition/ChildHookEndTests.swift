@testable import Actuate
import ActuateTesting
import Testing

/// A child whose hooks end at once: one sequence finishes, one throws.
struct EndingHooksChild: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
  }

  enum Hook: CaseIterable, Sendable {
    case finishing, failing
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    store.count += 1
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .finishing: .send(AsyncStream<Action> { $0.finish() })
    case .failing: .forEach(HookedInteractor.Failing()) { _, _ in }
    }
  }
}

/// A parent with that child always there.
struct EndingHooksParent: Interactor {
  struct State: Equatable, Sendable {
    var child = EndingHooksChild.State()
  }

  enum Action: Equatable, Sendable {
    case child(EndingHooksChild.Action)
  }

  var children: [Child<Self>] {
    [
      .scope(\.child, interactor: EndingHooksChild(), embed: Action.child) {
        guard case .child(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
}

@Suite("Children: the end of a child's hook")
struct ChildHookEndTests {
  @Test func theRootReportsAChildsHookThatEndsOrFailsUnderTheChildsName() async {
    let warnings = Warnings()
    await warnings.collect {
      let (store, log) = Store.observed(state: .init(), interactor: EndingHooksParent())
      await store.settleIntake()
      #expect(await store.send(.child(.increment)).finish() == .completed)
      #expect(await store.state.child.count == 1)
      #expect(log.lines.contains("EndingHooksChild hook .finishing finished"))
      #expect(log.lines.contains("EndingHooksChild hook .failing failed: the socket closed"))
      #expect(warnings.all.count == 1)
      #expect(warnings.all.first?.contains("hook .failing failed: the socket closed") == true)
    }
  }
}
