@testable import Actuate
import ActuateTesting
import Testing

@Suite("A parent reacting to its children's actions")
struct ParentReactionTests {
  private static let two = ListInteractor.State(rows: [.init(id: 1), .init(id: 2)])

  @Test func theParentReactsAfterTheChildsHandlerTookTheAction() async {
    let store = TestStore(initialState: Self.two, interactor: ListInteractor())
    await store.send(.row(1, .deleteTapped)) { $0.rows[0].taps = 1 }
    await store.receive(.remove(1)) { $0.rows = [.init(id: 2)] }
    await store.finish()
  }

  @Test func theReactionComesBeforeWhatTheChildsFirstStretchSent() async {
    let store = TestStore(initialState: Self.two, interactor: ListInteractor())
    await store.send(.row(2, .tapAndRename("Milk"))) { $0.rows[1].taps = 1 }
    await store.receive(.noteTap(2)) { $0.log = ["tap 2"] }
    await store.receive(.row(2, .rename("Milk"))) { $0.rows[1].title = "Milk" }
    await store.finish()
  }

  @Test func reactionsComeInTheOrderTheChildrenTookTheirActions() async {
    let store = Store(initialState: Self.two, interactor: ListInteractor())
    store.send(.row(2, .tapAndRename("b")))
    store.send(.row(1, .tapAndRename("a")))
    store.send(.row(2, .tapAndRename("c")))
    await store.sendAndWait(.row(1, .rename("x")))
    await store.actor.settle()
    #expect(await store.state.log == ["tap 2", "tap 1", "tap 2"])
  }

  @Test(.timeLimit(.minutes(1)))
  func concurrentSendersLoseNoReaction() async {
    let rows = (1...4).map { RowInteractor.State(id: $0) }
    let store = Store(initialState: .init(rows: rows), interactor: ListInteractor())
    await withTaskGroup(of: Void.self) { group in
      for id in 1...4 {
        group.addTask {
          for n in 0..<25 { store.send(.row(id, .tapAndRename("\(n)"))) }
          await store.sendAndWait(.row(id, .rename("done")))
        }
      }
    }
    await store.actor.settle()
    let state = await store.state
    for id in 1...4 {
      #expect(state.log.filter { $0 == "tap \(id)" }.count == 25)
      #expect(state.rows.first { $0.id == id }?.taps == 25)
    }
  }

  @Test func aLongChildHandlerDoesNotHoldTheReactionBack() async {
    let clock = TestClock()
    let store = TestStore(initialState: Self.two, interactor: ListInteractor(), clock: clock)
    await store.send(.row(1, .slowSave))
    await store.receive(.noteSave(1)) { $0.log = ["save 1 started"] }
    await clock.advance(by: .seconds(10))
    await store.step { $0.rows[0].title = " (saved)" }
    await store.finish()
  }

  @Test func aChildActionTheParentLeavesToTheChildSendsNothing() async {
    let store = TestStore(initialState: Self.two, interactor: ListInteractor())
    await store.send(.row(1, .rename("Eggs"))) { $0.rows[0].title = "Eggs" }
    await store.finish()
  }

  @Test func anActionForAMissingChildSetsOffNoReaction() async {
    let warnings = Warnings()
    await warnings.collect {
      let (store, log) = Store.observed(state: Self.two, interactor: ListInteractor())
      #expect(await store.sendAndWait(.row(9, .deleteTapped)) == .cancelled(.childGone))
      await store.actor.settle()
      #expect(!log.lines.contains { $0.hasPrefix("sent remove") })
      #expect(await store.state == Self.two)
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID): .row(9, ActuateTests.RowInteractor.Action.deleteTapped) is for RowInteractor[id: 9], which is not in the state, so it was not handled. Send a child's actions only while its state is there."
        ])
    }
  }

  @Test func aChildOfAChildReachesItsOwnParent() async {
    let store = TestStore(
      initialState: .init(list: Self.two, detail: .init(id: 5)), interactor: ShelfInteractor())
    await store.send(.list(.row(2, .deleteTapped))) { $0.list.rows[1].taps = 1 }
    await store.receive(.list(.remove(2))) { $0.list.rows = [.init(id: 1)] }
    await store.send(.detail(.deleteTapped)) { $0.detail?.taps = 1 }
    await store.receive(.closeDetail) { $0.detail = nil }
    await store.finish()
  }

  @Test func theLogNamesTheChildActionBehindAReaction() async {
    let log = LogCollector()
    let store = Store(
      initialState: Self.two, interactor: ListInteractor(), clock: ContinuousClock(), hooks: [], observers: [],
      debug: .using(.pinned(log.sink, filter: DebugFilter()), actions: nil))
    await store.sendAndWait(.row(1, .deleteTapped))
    await store.actor.settle()
    await store.flushDebugLog()
    #expect(
      log.entriesWithoutDurations.contains(
        store.entry(
          "action .remove(1) (sent by the handler of .row(1, ActuateTests.RowInteractor.Action.deleteTapped))")))
  }

  @Test func aFinishedChildActionIsNotKeptByTheReactionItSetOff() async {
    let (store, log) = Store.observed(state: Self.two, interactor: ListInteractor())
    weak var childRecord: TaskRecord?
    do {
      let task = store.send(.row(1, .tapAndRename("a")))
      childRecord = task.record
      #expect(await task.finish() == .completed)
    }
    await store.actor.settle()
    #expect(await store.state.log == ["tap 1"])  // the reaction was handled, naming its sender in the log
    #expect(log.lines.contains("sent noteTap(1) from inside"))
    #expect(childRecord == nil)
    #expect(await store.actor.liveActionNumbers.isEmpty)
  }

  @Test(.timeLimit(.minutes(1)))
  func aReactionKeepsNothingAliveOnceTheStoreIsGone() async {
    weak var weakActor: StoreActor<ListInteractor>?
    do {
      let store = Store(initialState: Self.two, interactor: ListInteractor())
      weakActor = store.actor
      await store.sendAndWait(.row(1, .deleteTapped))
      await store.sendAndWait(.row(2, .tapAndRename("a")))
      await store.actor.settle()
      #expect(await store.state.rows.map(\.id) == [2])
    }
    while weakActor != nil { await Task.yield() }
  }
}
