@testable import Actuate
import Testing

/// What the scheduler decides for a cancel by id, by predicate, by handle or by child, and for a stop.
@Suite("Scheduler: cancelling and stopping")
struct SchedulerCancellingTests {
  @Test func cancellingAnIDCancelsWhatStartedThenDropsWhatWaitsInTheOrderSent() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"))
    runtime.send(3, .serial(id: "a"))
    #expect(runtime.cancel(id: "a") == ["cancel #1 explicit", "drop #2 explicit", "drop #3 explicit"])
    // The cancelled task still holds its group until its handler returns.
    #expect(runtime.scheduler.groups[CancelID("a")]?.active.keys.sorted() == [1])
    #expect(runtime.windDown() == [])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect((UInt64(1)...3).map { runtime.outcome($0) } == Array(repeating: .cancelled(.explicit), count: 3))
    #expect(runtime.log == ["start 1"])
  }

  @Test func cancellingAnIDWithNoWorkDecidesNothing() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent(id: "b"))
    #expect(runtime.cancel(id: "a") == [])
    #expect(runtime.cancel(id: 1) == [])
  }

  @Test func cancellingAnIDTwiceCancelsItsTasksOnce() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent(id: "a"))
    #expect(runtime.cancel(id: "a") == ["cancel #1 explicit"])
    #expect(runtime.cancel(id: "a") == [])
  }

  @Test func cancellingAThrottlesIDDisarmsItsWindowAndDropsWhatItHolds() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.throttle(id: "a", for: .milliseconds(100))
    runtime.send(1, policy)
    runtime.send(2, policy)
    #expect(runtime.cancel(id: "a") == ["disarm window a", "cancel #1 explicit", "drop #2 explicit"])
    #expect(runtime.advance(by: .milliseconds(100)) == [])
    #expect(runtime.windDown() == [])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.send(3, policy) == ["start #3 in a", "openWindow a 100ms", "  arm window a 100ms"])
  }

  @Test func cancellingASpacedQueuesIDDisarmsItsGapAndForgetsTheSpacing() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .wait(spacedBy: .milliseconds(500), since: .end))
    runtime.send(1, policy)
    runtime.send(2, policy)
    runtime.send(3, policy)
    #expect(runtime.end(1) == ["arm gap a 500ms"])
    #expect(runtime.cancel(id: "a") == ["disarm gap a", "cancel #2 explicit", "drop #3 explicit"])
    // The cancelled task returns without opening a new gap: the spacing went with the group's work.
    #expect(runtime.windDown() == [])
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func cancellingMatchingIDsCancelsTheirGroupsOldestWorkFirst() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent(id: "b"))
    runtime.send(2, .serial(id: "a"))
    runtime.send(3, .serial(id: "a"))
    runtime.send(4, .concurrent(id: "c"))
    runtime.send(5, .concurrent(id: "b"))
    let decided = runtime.cancel(matching: { $0.value(as: String.self) != "c" })
    #expect(decided == ["cancel #1 explicit", "cancel #5 explicit", "cancel #2 explicit", "drop #3 explicit"])
    #expect(runtime.cancel(matching: { $0.value(as: Int.self) != nil }) == [])
  }

  @Test func cancellingMatchingIDsReachesActionsTaggedWithThem() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a").also(id: "x"))
    runtime.send(2, .serial(id: "a"))
    #expect(runtime.cancel(matching: { $0.value(as: String.self) == "x" }) == ["cancel #1 explicit"])
  }

  // MARK: One action

  @Test func cancellingAStartedActionCancelsItAndFreesNoPlaceUntilItReturns() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"))
    #expect(runtime.cancel(1) == ["cancel #1 explicit"])
    #expect(runtime.scheduler.groups[CancelID("a")]?.uncancelled.isEmpty == true)
    #expect(runtime.windDown() == ["startWaiting a", "  start #2 in a"])
  }

  @Test func cancellingAWaitingActionDropsItAndLeavesTheRestQueued() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"))
    runtime.send(3, .serial(id: "a"))
    #expect(runtime.cancel(2) == ["drop #2 explicit"])
    #expect(runtime.end(1) == ["startWaiting a", "  start #3 in a"])
  }

  @Test func cancellingTheActionAWindowHoldsDropsItAndKeepsTheWindow() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.throttle(id: "a", for: .milliseconds(100))
    runtime.send(1, policy)
    runtime.send(2, policy)
    #expect(runtime.cancel(2) == ["drop #2 explicit"])
    #expect(runtime.scheduler.groups[CancelID("a")]?.window != nil)
    #expect(runtime.advance(by: .milliseconds(100)) == [])
    #expect(runtime.log == ["start 1"])
  }

  @Test func cancellingAnActionInNoGroupCancelsItAndAnEndedOneDecidesNothing() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent)
    runtime.send(2, .concurrent, runs: .zero)
    #expect(runtime.cancel(1) == ["cancel #1 explicit"])
    #expect(runtime.cancel(2) == [])
    #expect(runtime.windDown() == [])
    #expect(runtime.cancel(1) == [])
    #expect(runtime.scheduler.live.isEmpty)
  }

  @Test func aCleanupThatCancelsTheSameIDFindsTheBookkeepingDone() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"))
    runtime.cleanups[1] = { $0.cancel(id: "a") }
    // #1's cleanup runs where #1 is cancelled, before #2 is dropped and #3 starts: its cancel finds
    // nothing left to cancel, and #3, not yet started, is not touched.
    let decided = runtime.send(3, .cancelPrevious(id: "a"))
    #expect(decided == ["cancel #1 superseded", "drop #2 superseded", "start #3 in a"])
    #expect(runtime.outcome(2) == .cancelled(.superseded))
    #expect(runtime.running == [1, 3])
  }

  // MARK: Children

  @Test func cancellingChildrenCancelsTheirScopedGroupsThenTheirOtherTasks() {
    let runtime = SchedulerRuntime()
    let inOne = CancelID(ChildScope(node: 1, id: CancelID("a")))
    let inTwo = CancelID(ChildScope(node: 2, id: CancelID("a")))
    #expect(runtime.send(1, .concurrent(id: inTwo), childNode: 2) == [#"start #1 in "a" in child #2"#])
    runtime.send(2, .serial(id: inOne), childNode: 1)
    runtime.send(3, .serial(id: inOne), childNode: 1)
    runtime.send(4, .concurrent, childNode: 1)
    runtime.send(5, .concurrent, childNode: 2)
    runtime.send(6, .concurrent(id: "a"))
    // #2 runs in child 1's group and is child 1's: cancelled with its group, it does not come up again.
    let decided = runtime.cancel(children: [1], reason: .childGone)
    #expect(decided == ["cancel #2 child gone", "drop #3 child gone", "cancel #4 child gone"])
    #expect(runtime.windDown() == [])
    #expect(runtime.running == [1, 5, 6])
    #expect(runtime.scheduler.groups[inOne] == nil)
    #expect(runtime.cancel(children: []) == [])
  }

  @Test func cancellingSeveralChildrenGoesChildByChildOldestWorkFirst() {
    let runtime = SchedulerRuntime()
    let a1 = CancelID(ChildScope(node: 1, id: CancelID("a")))
    let b1 = CancelID(ChildScope(node: 1, id: CancelID("b")))
    let a2 = CancelID(ChildScope(node: 2, id: CancelID("a")))
    // Sent without their child's number, so that only the scoped groups come up, not the tasks again.
    runtime.send(1, .concurrent(id: a2))
    runtime.send(2, .concurrent(id: b1))
    runtime.send(3, .concurrent(id: a1))
    #expect(runtime.cancel(children: [1, 2]) == ["cancel #2 explicit", "cancel #3 explicit", "cancel #1 explicit"])
  }

  // MARK: Stopping

  @Test func stoppingCancelsEveryGroupOldestWorkFirstThenEveryStartedTask() {
    let runtime = SchedulerRuntime()
    let throttle = ActionPolicy.throttle(id: "b", for: .milliseconds(100))
    runtime.send(1, .concurrent)
    runtime.send(2, .serial(id: "a"))
    runtime.send(3, .serial(id: "a"))
    runtime.send(4, throttle)
    runtime.send(5, throttle)
    // The grouped tasks, cancelled with their groups, do not come up again with the started ones.
    #expect(
      runtime.stop() == [
        "cancel #2 store stopped", "drop #3 store stopped",
        "disarm window b", "cancel #4 store stopped", "drop #5 store stopped",
        "cancel #1 store stopped",
      ])
    #expect(runtime.windDown() == [])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.scheduler.live.isEmpty)
    #expect((UInt64(1)...5).allSatisfy { runtime.outcome($0) == .cancelled(.storeStopped) })
    #expect(runtime.send(6, .concurrent) == [])
    #expect(runtime.outcome(6) == .rejected)
  }

  @Test func stoppingForgetsTheZeroDebouncesOfTheBatchBeingTaken() {
    let home = RecordHome()
    let record = TaskRecord(number: 1, owner: ObjectIdentifier(home), home: home)
    var scheduler = Scheduler()
    #expect(scheduler.take(record, under: .debounce(id: "a", for: .zero)).isEmpty)
    #expect(scheduler.stop().summaries() == ["drop #1 store stopped"])
    #expect(scheduler.nextDebounced() == nil)
  }
}
