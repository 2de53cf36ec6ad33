@testable import Actuate
import ActuateTesting
import Testing

@Suite("A child's public actions through its parent")
struct ChildPublicActionTests {
  @Test func aParentThatPassesOnOnlyTheChildsPublicActionsLetsThemThrough() async {
    let store = TestStore(initialState: .init(), interactor: LobbyInteractor())
    // `store.send(.gate(.tokenReceived("forged")))` does not compile: `.gate` takes a `GateInteractor.Request`.
    await store.send(.gate(.open))
    await store.receive(.gate(.tokenReceived("granted"))) { $0.gate.token = "granted" }
    await store.finish()
  }

  @Test func outsideCodeCannotSendAChildsActionsThroughAParentThatWouldExposeItsInternalOnes() async {
    let (store, log) = Store.observed(state: .init(), interactor: OpenLobbyInteractor())
    #expect(await store.sendAndWait(.gate(.tokenReceived("forged"))) == .rejected)
    #expect(await store.sendAndWait(.gate(.request(.open))) == .rejected)
    await store.actor.settle()
    #expect(await store.state.gate.token == nil)
    let warnings = log.lines.filter { $0.hasPrefix("warning ") }
    #expect(warnings.count == 2)
    #expect(
      warnings.first
        == "warning \(store.id): .gate(ActuateTests.GateInteractor.Action.tokenReceived(\"forged\")) was sent from outside for GateInteractor, which keeps some actions internal (its PublicAction is Request), but OpenLobbyInteractor takes all of its actions from outside (its PublicAction is its Action), so outside code could send the child's internal actions. Give OpenLobbyInteractor a PublicAction that carries GateInteractor.PublicAction, and map it in action(from:) with the child's action(from:). It was not handled."
    )
  }

  @Test func anExhaustiveTestStoreFailsForARefusedSendWithTheWarningsWords() async {
    let store = TestStore(initialState: .init(), interactor: OpenLobbyInteractor())
    await withKnownIssue {
      let task = await store.send(.gate(.request(.open)))
      #expect(await task.finish() == .rejected)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("was sent from outside for GateInteractor, which keeps some actions internal") }
    }
    await store.finish()
  }

  @Test func theParentsAndTheChildsOwnHandlersStillSendItsInternalActions() async {
    let store = Store(state: .init(), interactor: OpenLobbyInteractor())
    await store.sendAndWait(.letIn)
    await store.actor.settle()
    #expect(await store.state.gate.token == "granted")
  }
}
