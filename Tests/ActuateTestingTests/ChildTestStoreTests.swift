import Actuate
@testable import ActuateTesting
import Testing

@Suite("TestStore with children")
struct ChildTestStoreTests {
  private let feed = AsyncStream<String>.makeStream()
  private let room = AsyncStream<String>.makeStream()

  private func inbox(
    rooms: [Int] = [], childHooks: [any Hashable & Sendable]? = nil, exhaustivity: Exhaustivity = .on
  ) -> TestStore<InboxInteractor> {
    TestStore(
      initialState: .init(rooms: rooms.map { .init(id: $0) }),
      interactor: InboxInteractor(feedMessages: feed.stream, roomMessages: room.stream), childHooks: childHooks,
      exhaustivity: exhaustivity, timeout: .milliseconds(200))
  }

  @Test func everyChildsHooksRunByDefault() async {
    let store = inbox(rooms: [1])
    // Each child greets from a hook of its own: two tasks, whose sends the contract orders neither way. The
    // TestStore's schedule runs them in the order their hooks started: the feed's, then the room's.
    await store.receive(.feed(.greet)) { $0.feed.greeted = true }
    await store.receive(.room(1, .greet)) { $0.rooms[0].greeted = true }
    await store.finish()
  }

  @Test func childHooksChooseTheChildrensHooksThatRun() async {
    let store = inbox(rooms: [1], childHooks: [FeedInteractor.Hook.incoming])
    await store.trigger(.incoming, of: FeedInteractor.self, by: { feed.continuation.yield("hi") }) {
      $0.feed.items = ["hi"]
    }
    await store.finish()
  }

  @Test func noChildHooksRunWithAnEmptyChoice() async {
    let store = inbox(rooms: [1], childHooks: [])
    await store.send(.room(1, .greet)) { $0.rooms[0].greeted = true }
    feed.continuation.yield("unheard")
    await store.finish()
    #expect(store.state.feed.items.isEmpty)
  }

  @Test func triggerReachesTheHookOfAnElementsChild() async {
    let store = inbox(rooms: [4], childHooks: [FeedInteractor.Hook.incoming])
    await store.trigger(.incoming, of: FeedInteractor.self, by: { room.continuation.yield("knock") }) {
      $0.rooms[0].items = ["knock"]
    }
    await store.finish()
  }

  @Test func childHooksAndTriggerReachAGrandchild() async {
    let store = TestStore(
      initialState: .init(inbox: .init(rooms: [.init(id: 3)])),
      interactor: DeskInteractor(inbox: InboxInteractor(feedMessages: feed.stream, roomMessages: room.stream)),
      childHooks: [FeedInteractor.Hook.incoming])
    await store.trigger(.incoming, of: FeedInteractor.self, by: { room.continuation.yield("deep") }) {
      $0.inbox.rooms[0].items = ["deep"]
    }
    await store.finish()
  }

  @Test func triggerFailsWhenNoChildHookMakesTheChange() async {
    let store = inbox(childHooks: [FeedInteractor.Hook.incoming])
    let reported = await failures {
      await store.trigger(.greeting, of: FeedInteractor.self, by: { feed.continuation.yield("hi") }) {
        $0.feed.items = ["hi"]
      }
    }
    #expect(
      reported.first?.hasPrefix("The test expected a state change at trigger(.greeting, of: FeedInteractor)") == true)
    // The feed's item came from its .incoming hook, which the failed trigger did not assert: finish names it.
    let atFinish = await failures { await store.finish() }
    #expect(
      atFinish == [
        """
        The test ended with 1 unasserted event:
          • a state change by the child's FeedInteractor hook .incoming:
              InboxInteractor.State(
                feed: FeedInteractor.State(
                  id: 0,
                  items: [
            +       "hi"
                  ],
                  greeted: false
                ),
                rooms: []
              )
        Assert changes with step { … } and actions sent from inside with receive(…), or make the test non-exhaustive (exhaustivity = .off).
        """
      ])
  }

  @Test func aParentsReactionLeftUnreceivedFailsAnExhaustiveTest() async {
    let store = TestStore(
      initialState: .init(rooms: [.init(id: 1)]), interactor: GreeterInteractor(messages: room.stream), childHooks: [])
    let reported = await failures {
      await store.send(.room(1, .greet)) { $0.rooms[0].greeted = true }
      await store.finish()
    }
    #expect(reported.count == 1)
    #expect(
      reported.first?.hasPrefix(
        "The test ended with 2 unasserted events:\n  • the action .noteGreeting(1), sent from inside the store\n  • a state change by .noteGreeting(1):"
      ) == true)
  }

  @Test func aParentsReactionIsReceivedAndAssertedLikeAnyActionSentFromInside() async {
    let store = TestStore(
      initialState: .init(rooms: [.init(id: 1)]), interactor: GreeterInteractor(messages: room.stream), childHooks: [])
    await store.send(.room(1, .greet)) { $0.rooms[0].greeted = true }
    await store.receive(.noteGreeting(1)) { $0.greetings = [1] }
    await store.finish()
  }

  @Test func anActionForAMissingChildFailsWithTheWarningsWords() async {
    // The store also gives the warning, as any store does; it is collected here rather than printed.
    let warnings = Warnings()
    await warnings.collect {
      let store = inbox(childHooks: [])
      let reported = await failures { await store.send(.room(9, .greet)) }
      #expect(
        reported == [
          "During send(.room(9, ActuateTestingTests.FeedInteractor.Action.greet)), the store warned: \(store.storeID): .room(9, ActuateTestingTests.FeedInteractor.Action.greet) is for FeedInteractor[id: 9], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
        ])
      await store.finish()
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID): .room(9, ActuateTestingTests.FeedInteractor.Action.greet) is for FeedInteractor[id: 9], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
        ])
    }
  }

  @Test func aMissingChildFoundByAnInternalSendFailsTheTest() async {
    let warnings = Warnings()
    await warnings.collect {
      let store = inbox(rooms: [2], childHooks: [])
      let reported = await failures {
        await store.send(.closeRoomAndGreetIt(2)) { $0.rooms = [] }
        await store.receive(.room(2, .greet))
        await store.finish()
      }
      #expect(reported.count == 1)
      #expect(
        reported.first?.hasSuffix(
          "\(store.storeID): .room(2, ActuateTestingTests.FeedInteractor.Action.greet) is for FeedInteractor[id: 2], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
        ) == true)
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID): .room(2, ActuateTestingTests.FeedInteractor.Action.greet) is for FeedInteractor[id: 2], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
        ])
    }
  }

  @Test func aTestThatIsNotExhaustiveLetsAMissingChildPass() async {
    // The test passes, and the store still warns, as any store does.
    let warnings = Warnings()
    await warnings.collect {
      let store = inbox(childHooks: [], exhaustivity: .off)
      let reported = await failures {
        await store.send(.room(9, .greet))
        await store.finish()
      }
      #expect(reported.isEmpty)
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID): .room(9, ActuateTestingTests.FeedInteractor.Action.greet) is for FeedInteractor[id: 9], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
        ])
    }
  }
}
