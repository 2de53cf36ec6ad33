@testable import Actuate
import Testing

/// What the scheduler decides for an action under each policy, event by event, with no store and no tasks;
/// limits above 1 and spacing are in `SchedulerLimitTests`.
@Suite("Scheduler: policies")
struct SchedulerPolicyTests {
  // MARK: Concurrent

  @Test func aConcurrentActionWithoutAnIDStartsInNoGroup() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .concurrent) == ["start #1"])
    #expect(runtime.send(2, .concurrent) == ["start #2"])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.scheduler.live.keys.sorted() == [1, 2])
    #expect(runtime.end(1) == [])
    #expect(runtime.scheduler.live.keys.sorted() == [2])
  }

  @Test func concurrentActionsUnderAnIDRunTogetherInTheirGroup() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .concurrent(id: "a")) == ["start #1 in a"])
    #expect(runtime.send(2, .concurrent(id: "a")) == ["start #2 in a"])
    #expect(runtime.scheduler.groups[CancelID("a")]?.active.keys.sorted() == [1, 2])
    #expect(runtime.end(1) == [])
    #expect(runtime.end(2) == [])
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func aHandlerThatReturnsInItsFirstStretchLeavesNothingBehind() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .cancelPrevious(id: "a"), runs: .zero) == ["start #1 in a"])
    #expect(runtime.log == ["start 1", "end 1"])
    #expect(runtime.outcome(1) == .completed)
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.scheduler.live.isEmpty)
  }

  // MARK: Limits of 1

  @Test func cancelPreviousCancelsWhatRunsAndDropsWhatWaitsBeforeItStarts() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    #expect(runtime.send(2, .serial(id: "a")) == [])
    #expect(
      runtime.send(3, .cancelPrevious(id: "a")) == ["cancel #1 superseded", "drop #2 superseded", "start #3 in a"])
    #expect(runtime.windDown() == [])
    #expect(runtime.outcome(1) == .cancelled(.superseded))
    #expect(runtime.outcome(2) == .cancelled(.superseded))
    #expect(runtime.send(4, .cancelPrevious(id: "a")) == ["cancel #3 superseded", "start #4 in a"])
    #expect(runtime.log == ["start 1", "start 3", "start 4"])
  }

  @Test func dropNewIsDroppedWhileAnythingUnderItsIDRunsEvenWindingDown() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .dropNew(id: "a")) == ["start #1 in a"])
    #expect(runtime.send(2, .dropNew(id: "a")) == ["drop #2 already running"])
    #expect(runtime.outcome(2) == .cancelled(.alreadyRunning))
    #expect(runtime.cancel(id: "a") == ["cancel #1 explicit"])
    // Cancelled, #1 still holds its place until its handler returns.
    #expect(runtime.send(3, .dropNew(id: "a")) == ["drop #3 already running"])
    #expect(runtime.windDown() == [])
    #expect(runtime.send(4, .dropNew(id: "a")) == ["start #4 in a"])
  }

  @Test func serialActionsStartOneAtATimeInTheOrderSent() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .serial(id: "a")) == ["start #1 in a"])
    #expect(runtime.send(2, .serial(id: "a")) == [])
    #expect(runtime.send(3, .serial(id: "a")) == [])
    #expect(runtime.end(1) == ["startWaiting a", "  start #2 in a"])
    #expect(runtime.end(2) == ["startWaiting a", "  start #3 in a"])
    #expect(runtime.end(3) == [])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.log == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
  }

  @Test func aWaitingActionThatReturnsAtOnceLetsTheNextOneStartInTheSameEvent() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"), runs: .zero)
    runtime.send(3, .serial(id: "a"))
    #expect(runtime.end(1) == ["startWaiting a", "  start #2 in a", "    startWaiting a", "      start #3 in a"])
    #expect(runtime.log == ["start 1", "end 1", "start 2", "end 2", "start 3"])
  }

  // MARK: Debounce

  @Test func aDebounceCancelsWhatRunsUnderItsIDAndStartsAfterTheQuietPeriod() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.debounce(id: "a", for: .milliseconds(200))
    #expect(runtime.send(1, policy) == ["start #1 in a after 200ms"])
    #expect(runtime.advance(by: .milliseconds(100)) == [])
    #expect(runtime.send(2, policy) == ["cancel #1 debounced", "start #2 in a after 200ms"])
    #expect(runtime.windDown() == [])
    #expect(runtime.outcome(1) == .cancelled(.debounced))
    #expect(runtime.advance(by: .milliseconds(199)) == [])
    #expect(runtime.log == [])
    #expect(runtime.advance(by: .milliseconds(1)) == [])
    #expect(runtime.log == ["start 2"])
    #expect(runtime.end(2) == [])
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func aDebounceOfZeroWaitsInItsGroupUntilTheBatchIsTaken() {
    let home = RecordHome()
    let first = TaskRecord(number: 1, owner: ObjectIdentifier(home), home: home)
    let second = TaskRecord(number: 2, owner: ObjectIdentifier(home), home: home)
    var scheduler = Scheduler()
    let policy = ActionPolicy.debounce(id: "a", for: .zero)
    #expect(scheduler.take(first, under: policy).summaries() == [])
    #expect(scheduler.record(numbered: 1) === first)
    #expect(scheduler.startedRecords.isEmpty)
    // Taken without a lookahead, the second cancels the first, which has not started.
    #expect(scheduler.take(second, under: policy).summaries() == ["drop #1 debounced"])
    _ = first.markCancelled(.debounced)
    first.end()
    #expect(scheduler.dropped(first).isEmpty)
    let next = scheduler.nextDebounced()
    #expect(next?.record === second)
    #expect(next?.id == CancelID("a"))
    #expect(scheduler.nextDebounced() == nil)
    // Taken out to start: the store's launch puts it in its group.
    #expect(scheduler.record(numbered: 2) == nil)
  }

  @Test func aBurstOfZeroDebouncesTakenTogetherStartsOnlyItsLast() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.debounce(id: "a", for: .zero)
    let decided = runtime.batch([.send(1, policy, runs: nil), .send(2, policy, runs: nil), .send(3, policy, runs: nil)])
    #expect(
      decided == [
        "drop #1 debounced (looked ahead)", "drop #2 debounced (looked ahead)", "start #3 in a (batch end)",
      ])
    #expect(runtime.log == ["start 3"])
  }

  // MARK: Throttle

  @Test func aThrottleKeepsTheNewestForTheWindowsEnd() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.throttle(id: "a", for: .milliseconds(100), latest: true)
    #expect(runtime.send(1, policy) == ["start #1 in a", "openWindow a 100ms", "  arm window a 100ms"])
    #expect(runtime.send(2, policy) == [])
    #expect(runtime.send(3, policy) == ["drop #2 throttled"])
    #expect(runtime.outcome(2) == .cancelled(.throttled))
    #expect(
      runtime.advance(by: .milliseconds(100)) == ["start #3 in a", "openWindow a 100ms", "  arm window a 100ms"])
    runtime.end(1)
    runtime.end(3)
    // Nothing held and nothing running: the group is forgotten as the window closes.
    #expect(runtime.advance(by: .milliseconds(100)) == [])
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func aThrottleWithoutLatestDropsWhatComesInTheWindow() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.throttle(id: "a", for: .milliseconds(100), latest: false)
    #expect(runtime.send(1, policy) == ["start #1 in a", "openWindow a 100ms", "  arm window a 100ms"])
    #expect(runtime.send(2, policy) == ["drop #2 throttled"])
    #expect(runtime.advance(by: .milliseconds(100)) == [])
    #expect(runtime.scheduler.groups[CancelID("a")]?.window == nil)
    #expect(runtime.end(1) == [])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.send(3, policy) == ["start #3 in a", "openWindow a 100ms", "  arm window a 100ms"])
  }

  // MARK: Several ids

  @Test func anActionTaggedWithAnotherIDHoldsAPlaceThere() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .serial(id: "a").also(id: "x")) == ["start #1 in a"])
    #expect(runtime.scheduler.groups[CancelID("x")]?.tagged.keys.sorted() == [1])
    #expect(runtime.send(2, .dropNew(id: "x")) == ["drop #2 already running"])
    #expect(runtime.send(3, .serial(id: "x")) == [])
    #expect(runtime.end(1) == ["startWaiting x", "  start #3 in x"])
    #expect(runtime.scheduler.tags.isEmpty)
  }

  @Test func cancellingTheOtherIDCancelsTheTaggedActionsStartedOrWaiting() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a").also(id: "x"))
    runtime.send(2, .serial(id: "a").also(id: "x"))
    runtime.send(3, .serial(id: "a"))
    #expect(runtime.cancel(id: "x") == ["cancel #1 explicit", "drop #2 explicit"])
    #expect(runtime.windDown() == ["startWaiting a", "  start #3 in a"])
    #expect(runtime.scheduler.groups[CancelID("x")] == nil)
    #expect(runtime.scheduler.tags.isEmpty)
  }

  @Test func aNewerActionUnderTheOtherIDSupersedesTheTaggedOne() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent(id: "a").also(id: "x"))
    #expect(runtime.send(2, .cancelPrevious(id: "x")) == ["cancel #1 superseded", "start #2 in x"])
  }

  @Test func cancelOldestCountsTaggedActions() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent(id: "a").also(id: "x"))
    runtime.send(2, .concurrent(id: "x"))
    let decided = runtime.send(3, .limit(id: "x", max: 2, whenFull: .cancelOldest))
    #expect(decided == ["cancel #1 superseded", "start #3 in x"])
  }

  @Test func aConcurrentPolicyUnderItsOwnIDLeavesNoTag() {
    let runtime = SchedulerRuntime()
    #expect(runtime.send(1, .concurrent(id: "x")) == ["start #1 in x"])
    #expect(runtime.send(2, .concurrent.also(id: "y")) == ["start #2 in y"])
    #expect(runtime.scheduler.tags.isEmpty)
  }

  @Test func aTaggedActionDroppedAsItIsTakenLeavesNoTag() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .dropNew(id: "a"))
    #expect(runtime.send(2, .dropNew(id: "a").also(id: "x")) == ["drop #2 already running"])
    #expect(runtime.scheduler.tags.isEmpty)
    #expect(runtime.scheduler.groups[CancelID("x")] == nil)
  }
}
