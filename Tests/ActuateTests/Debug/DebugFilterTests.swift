@testable import Actuate
import Testing

@Suite("Debug log filters")
struct DebugFilterTests {
  /// An interactor no store in these tests is made of.
  private struct OtherInteractor: Interactor {
    struct State: Sendable {}
    enum Action: Sendable {}
    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
  }

  @Test func byKind() async {
    let (store, log) = loggedStore(filter: DebugFilter(kinds: [.action, .stopped]))
    await store.send(.queryChanged("tabby")).finish()
    store.stop()
    await store.flushDebugLog()
    #expect(log.entries == [store.entry(#"action .queryChanged("tabby")"#), store.entry("stopped")])
  }

  @Test func byTypedActionDropsEveryEntryAboutTheAction() async {
    let (store, log) = loggedStore(actions: { $0 != .queryChanged("secret") })
    store.send(.queryChanged("secret"))
    await store.send(.queryChanged("open")).finish()
    await store.flushDebugLog()
    #expect(log.entriesWithoutDurations == oneQueryChangeLog(store, from: "secret", to: "open"))
  }

  @Test func byTypedActionPerStore() async {
    let (store, log) = loggedStore(actions: { $0 != .refresh })
    await store.send(.refresh).finish()
    await store.settleIntake()
    await store.flushDebugLog()
    // The handler's own entries are gone; the action it sent is still logged, naming its sender.
    #expect(
      log.entriesWithoutDurations
        == oneQueryChangeLog(store, from: "", to: "again", sender: "sent by the handler of .refresh"))
  }

  @Test func aTypedFilterLeavesOutTheChangesOfTheActionsItLeavesOut() async {
    let (store, log) = loggedStore(actions: { $0 != .queryChanged("hidden") })
    await store.send(.queryChanged("hidden")).finish()
    await store.send(.queryChanged("shown")).finish()
    await store.flushDebugLog()
    // The hidden action's change is gone with it; the next change is diffed against what it left.
    #expect(log.entriesWithoutDurations == oneQueryChangeLog(store, from: "hidden", to: "shown"))
  }

  @Test func byStoreTypeAttachesNoObserverToOtherStores() async {
    let (onlyOthers, _) = loggedStore(filter: DebugFilter(interactors: [OtherInteractor.self]))
    let (excluded, _) = loggedStore(filter: DebugFilter(excluding: [SearchFeature.self]))
    let (included, log) = loggedStore(filter: DebugFilter(interactors: [SearchFeature.self, OtherInteractor.self]))
    #expect(await onlyOthers.actor.observerCount == 0)
    #expect(await excluded.actor.observerCount == 0)
    await included.send(.touch).finish()
    await included.flushDebugLog()
    #expect(log.entries.count == 3)
  }

  @Test func includingStoreTypes() {
    #expect(DebugFilter().includes(SearchFeature.self))
    #expect(!DebugFilter(interactors: []).includes(SearchFeature.self))
    #expect(
      !DebugFilter(interactors: [SearchFeature.self], excluding: [SearchFeature.self]).includes(SearchFeature.self))
  }
}
