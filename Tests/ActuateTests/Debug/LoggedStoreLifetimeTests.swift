@testable import Actuate
import Testing

/// A logged store goes away once it has stopped and nothing holds it: its log keeps nothing of it alive.
@Suite("A logged store's lifetime")
struct LoggedStoreLifetimeTests {
  @Test(arguments: [false, true])
  func aStoppedLoggedStoreIsFreed(waitsForItsAction: Bool) async {
    weak var actor: StoreActor<CounterInteractor>?
    weak var inbox: EventInbox?
    do {
      let store = Store(
        initialState: .init(), interactor: CounterInteractor(), debug: .using(DebugLog(.entries { _ in })))
      actor = store.actor
      if waitsForItsAction { await store.sendAndWait(.increment) }
      store.stop()
      await store.flushDebugLog()
      inbox = store.actor.wiring.watcher as? EventInbox
      #expect(inbox != nil)
    }
    await DebugLog.flush()
    #expect(actor == nil)
    #expect(inbox == nil)
  }

  @Test func anIdleLoggedStoreHoldsNoRoomForEntries() async {
    let store = Store(
      initialState: .init(), interactor: CounterInteractor(), debug: .using(DebugLog(.entries { _ in })))
    for _ in 0..<5_000 { store.send(.increment) }
    await store.sendAndWait(.increment)
    await store.flushDebugLog()
    // A service holds thousands of idle stores: each keeps its inbox, and the inbox keeps no chunk.
    #expect((store.actor.wiring.watcher as? EventInbox)?.reservedCapacity == 0)
  }
}
