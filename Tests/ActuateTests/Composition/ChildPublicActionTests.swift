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
    let warnings = Warnings()
    await warnings.collect {
      let (store, log) = Store.observed(state: .init(), interactor: OpenLobbyInteractor())
      #expect(await store.sendAndWait(.gate(.tokenReceived("forged"))) == .rejected)
      #expect(await store.sendAndWait(.gate(.request(.open))) == .rejected)
      await store.actor.settle()
      #expect(await store.state.gate.token == nil)
      let logged = log.lines.filter { $0.hasPrefix("warning ") }
      #expect(logged.count == 2)
      #expect(
        logged.first
          == "warning \(store.storeID): .gate(ActuateTests.GateInteractor.Action.tokenReceived(\"forged\")) was sent from outside for GateInteractor, which keeps some actions internal (its PublicAction is Request), but OpenLobbyInteractor takes all of its actions from outside (its PublicAction is its Action), so outside code could send the child's internal actions. Give OpenLobbyInteractor a PublicAction that carries GateInteractor.PublicAction, and map it in action(from:) with the child's action(from:). It was not handled."
      )
      // The store is not logged, so it gives the same two warnings on standard error: collected here.
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID): .gate(ActuateTests.GateInteractor.Action.tokenReceived(\"forged\")) was sent from outside for GateInteractor, which keeps some actions internal (its PublicAction is Request), but OpenLobbyInteractor takes all of its actions from outside (its PublicAction is its Action), so outside code could send the child's internal actions. Give OpenLobbyInteractor a PublicAction that carries GateInteractor.PublicAction, and map it in action(from:) with the child's action(from:). It was not handled.",
          "[Actuate] warning: \(store.storeID): .gate(ActuateTests.GateInteractor.Action.request(ActuateTests.GateInteractor.Request.open)) was sent from outside for GateInteractor, which keeps some actions internal (its PublicAction is Request), but OpenLobbyInteractor takes all of its actions from outside (its PublicAction is its Action), so outside code could send the child's internal actions. Give OpenLobbyInteractor a PublicAction that carries GateInteractor.PublicAction, and map it in action(from:) with the child's action(from:). It was not handled.",
        ])
    }
  }

  @Test func anExhaustiveTestStoreFailsForARefusedSendWithTheWarningsWords() async {
    let warnings = Warnings()
    await warnings.collect {
      let store = TestStore(initialState: .init(), interactor: OpenLobbyInteractor())
      let reported = await failures {
        let task = await store.send(.gate(.request(.open)))
        #expect(await task.finish() == .rejected)
      }
      let warning =
        "\(store.storeID): .gate(ActuateTests.GateInteractor.Action.request(ActuateTests.GateInteractor.Request.open)) was sent from outside for GateInteractor, which keeps some actions internal (its PublicAction is Request), but OpenLobbyInteractor takes all of its actions from outside (its PublicAction is its Action), so outside code could send the child's internal actions. Give OpenLobbyInteractor a PublicAction that carries GateInteractor.PublicAction, and map it in action(from:) with the child's action(from:). It was not handled."
      #expect(
        reported == [
          "During send(.gate(ActuateTests.GateInteractor.Action.request(ActuateTests.GateInteractor.Request.open))), the store warned: \(warning)"
        ])
      await store.finish()
      // The store gives the warning as any store does; it is collected here rather than printed.
      #expect(warnings.all == ["[Actuate] warning: \(warning)"])
    }
  }

  @Test func theParentsAndTheChildsOwnHandlersStillSendItsInternalActions() async {
    let store = Store(initialState: .init(), interactor: OpenLobbyInteractor())
    await store.sendAndWait(.letIn)
    await store.actor.settle()
    #expect(await store.state.gate.token == "granted")
  }
}
