@testable import Actuate
import ActuateTesting
import Testing

@Suite("Child interactors")
struct ChildTests {
  @Test func aChildActionChangesTheChildsPartOfTheParentsState() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    await store.send(.main(.increment)) { $0.main.count = 1 }
    await store.send(.addRow(7)) { $0.rows = [.init(id: 7)] }
    await store.send(.row(7, .increment)) { $0.rows[0].count = 1 }
    await store.finish()
  }

  @Test func whatAChildSendsIsReceivedAsTheParentActionThatCarriesIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    await store.send(.addRow(1)) { $0.rows = [.init(id: 1)] }
    await store.send(.row(1, .incrementTwiceLater))
    await store.receive(.row(1, .increment)) { $0.rows[0].count = 1 }
    await store.receive(.row(1, .increment)) { $0.rows[0].count = 2 }
    await store.finish()
  }

  @Test func aChildsHookWatchesItsOwnState() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    await store.send(.main(.increment)) { $0.main.count = 1 }
    await store.send(.main(.increment)) { $0.main.count = 2 }
    await store.send(.main(.increment)) { $0.main.count = 3 }
    await store.receive(.main(.reachedThree)) { $0.main.reachedThree = true }
    await store.finish()
  }

  @Test func theSameChildRunsAloneInATestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(id: 1), interactor: TallyInteractor(clock: clock), clock: clock)
    await store.send(.incrementTwiceLater)
    await store.receive(.increment) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    await store.send(.increment) { $0.count = 3 }
    await store.receive(.reachedThree) { $0.reachedThree = true }
    await store.finish()
  }

  @Test func aChildsCancelIDsNeverMeetASiblingsOrTheParents() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    store.send(.addRow(1))
    store.send(.addRow(2))
    // Every one of these runs under cancelPrevious(id: "job"); none supersedes another.
    let jobs = [
      store.send(.row(1, .slowJob)), store.send(.row(2, .slowJob)), store.send(.main(.slowJob)), store.send(.slowJob),
    ]
    await store.settleIntake()
    #expect(jobs.allSatisfy { $0.outcome == nil })
    // The parent's own cancel of "job" is the parent's alone.
    store.cancel(id: "job")
    #expect(await jobs[3].finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(10))
    for job in jobs.prefix(3) { #expect(await job.finish() == .completed) }
    let state = await store.state
    #expect(state.rows.map(\.count) == [100, 100])
    #expect(state.main.count == 100)
    #expect(!state.log.contains("parent job done"))
  }

  @Test func removingAnElementCancelsItsTasksAndNoOneElses() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    store.send(.addRow(1))
    store.send(.addRow(2))
    let first = store.send(.row(1, .slowJob))
    let second = store.send(.row(2, .slowJob))
    await store.settleIntake()
    store.send(.removeRow(1))
    #expect(await first.finish() == .cancelled(.childGone))
    #expect(second.outcome == nil)
    await clock.advance(by: .seconds(10))
    #expect(await second.finish() == .completed)
    #expect(await store.state.rows == [.init(id: 2, count: 100)])
  }

  @Test func anElementAddedAgainIsANewChild() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    store.send(.addRow(1))
    let old = store.send(.row(1, .slowJob))
    store.send(.removeRow(1))
    store.send(.addRow(1))
    let new = store.send(.row(1, .slowJob))
    #expect(await old.finish() == .cancelled(.childGone))
    await store.settleIntake()
    #expect(new.outcome == nil)
    await clock.advance(by: .seconds(10))
    #expect(await new.finish() == .completed)
    #expect(await store.state.rows.map(\.count) == [100])
  }

  @Test func anOptionalChildRunsOnlyWhileItsStateIsThere() async {
    let clock = TestClock()
    let warnings = Warnings()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    await store.settleIntake()
    let early = await warnings.collect { await store.send(.detail(.increment)).finish() }
    #expect(early == .cancelled(.childGone))
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("is for TallyInteractor, which is not in the state") == true)

    store.send(.showDetail)
    await store.send(.detail(.increment)).finish()
    #expect(await store.state.detail?.count == 1)
    let job = store.send(.detail(.slowJob))
    await store.settleIntake()
    store.send(.hideDetail)
    #expect(await job.finish() == .cancelled(.childGone))
    await clock.advance(by: .seconds(10))
    #expect(await store.state.detail == nil)
  }

  @Test func theParentCancelsEverythingOneChildOrAllItsElementsRun() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    for id in 1...3 { store.send(.addRow(id)) }
    let jobs = (1...3).map { store.send(.row($0, .slowJob)) }
    let mainJob = store.send(.main(.slowJob))
    store.send(.cancelRow(2))
    #expect(await jobs[1].finish() == .cancelled(.explicit))
    await store.settleIntake()
    #expect(jobs[0].outcome == nil && jobs[2].outcome == nil)
    store.send(.cancelRows)
    #expect(await jobs[0].finish() == .cancelled(.explicit))
    #expect(await jobs[2].finish() == .cancelled(.explicit))
    #expect(mainJob.outcome == nil)
    await clock.advance(by: .seconds(10))
    #expect(await mainJob.finish() == .completed)
    #expect(await store.state.rows.map(\.count) == [0, 0, 0])
  }

  @Test func theParentsHandlerDoesNotSeeItsChildrensActions() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    await store.send(.main(.increment)).finish()
    #expect(await store.state.log.isEmpty)
  }

  @Test func theLogNamesAChildsHookAndTheActionBehindAChildsChange() async {
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    store.send(.addRow(4))
    await store.send(.row(4, .increment)).finish()
    await store.actor.settle()
    let lines = log.lines
    #expect(lines.contains("TallyInteractor hook .watchCount: 0"))
    #expect(lines.contains("TallyInteractor[id: 4] hook .watchCount: 1"))
    #expect(lines.contains("changed by row(4, ActuateTests.TallyInteractor.Action.increment)"))
  }

  @Test func stoppingTheParentEndsEveryChildsWork() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: BoardInteractor(clock: clock), clock: clock)
    store.send(.addRow(1))
    store.send(.showDetail)
    let jobs = [store.send(.row(1, .slowJob)), store.send(.detail(.slowJob)), store.send(.main(.slowJob))]
    await store.settleIntake()
    store.stop()
    for job in jobs { #expect(await job.finish() == .cancelled(.storeStopped)) }
  }
}

@Suite("Grandchildren")
struct GrandchildTests {
  @Test func aGrandchildsActionsSendsAndHooksGoThroughBothParents() async {
    let clock = TestClock()
    let store = TestStore(initialState: .init(), interactor: WallInteractor(clock: clock), clock: clock)
    await store.send(.board(.addRow(1))) { $0.board.rows = [.init(id: 1)] }
    await store.send(.board(.row(1, .incrementTwiceLater)))
    await store.receive(.board(.row(1, .increment))) { $0.board.rows[0].count = 1 }
    await store.receive(.board(.row(1, .increment))) { $0.board.rows[0].count = 2 }
    await store.send(.board(.row(1, .increment))) { $0.board.rows[0].count = 3 }
    await store.receive(.board(.row(1, .reachedThree))) { $0.board.rows[0].reachedThree = true }
    await store.finish()
  }

  @Test func removingAGrandchildCancelsItsWork() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: WallInteractor(clock: clock), clock: clock)
    store.send(.board(.addRow(1)))
    store.send(.board(.addRow(2)))
    let first = store.send(.board(.row(1, .slowJob)))
    let second = store.send(.board(.row(2, .slowJob)))
    store.send(.board(.removeRow(1)))
    #expect(await first.finish() == .cancelled(.childGone))
    await store.settleIntake()
    #expect(second.outcome == nil)
    await clock.advance(by: .seconds(10))
    #expect(await second.finish() == .completed)
  }

  @Test func cancellingAChildCancelsItsChildrensWorkToo() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: WallInteractor(clock: clock), clock: clock)
    store.send(.board(.addRow(1)))
    let jobs = [
      store.send(.board(.row(1, .slowJob))), store.send(.board(.main(.slowJob))), store.send(.board(.slowJob)),
    ]
    store.send(.cancelBoard)
    for job in jobs { #expect(await job.finish() == .cancelled(.explicit)) }
    #expect(await store.state.board.rows.map(\.count) == [0])
  }
}

@Suite("Children: lifetime")
struct ChildLifetimeTests {
  @Test(.timeLimit(.minutes(1)))
  func droppingTheParentEndsEveryChildsTasksAndHooksAndReleasesThemAll() async {
    let (gone, goneInput) = AsyncStream<Void>.makeStream()
    let clock = TestClock()
    var tasks: [ActionTask] = []
    do {
      let store = Store(
        initialState: .init(eggs: [.init(id: 1), .init(id: 2)]), interactor: NestInteractor(canary: Canary(goneInput)),
        clock: clock)
      tasks = [store.send(.egg(1, .sit)), store.send(.egg(2, .sit))]
      await store.settleIntake()
      #expect(clock.sleeperCount == 4)  // two handlers and two hooks
    }
    for task in tasks { #expect(await task.finish() == .cancelled(.storeStopped)) }
    var iterator = gone.makeAsyncIterator()
    await iterator.next()  // the interactors, the parent's and the children's, are all released
    #expect(clock.sleeperCount == 0)
  }

  @Test func aChildsHooksTickWhileItIsThereAndEndWhenItIsRemoved() async {
    let (_, goneInput) = AsyncStream<Void>.makeStream()
    let clock = TestClock()
    let store = Store(
      initialState: .init(eggs: [.init(id: 1), .init(id: 2)]), interactor: NestInteractor(canary: Canary(goneInput)),
      clock: clock)
    await store.settleIntake()
    await clock.advance(by: .seconds(120))
    #expect(await store.state.eggs.map(\.ticks) == [2, 2])
    #expect(clock.sleeperCount == 2)
    store.send(.hatch(1))
    await store.settleIntake()
    #expect(clock.sleeperCount == 1)  // the hatched egg's timer has ended
    await clock.advance(by: .seconds(60))
    #expect(await store.state.eggs == [.init(id: 2, ticks: 3)])
  }
}
