@testable import Actuate
import Testing

/// What the scheduler decides under a limit above 1, with each `whenFull`, and under a spacing.
@Suite("Scheduler: limits and spacing")
struct SchedulerLimitTests {
  @Test(arguments: [2, 3])
  func aFullLimitCancelsItsOldestStartedActions(max: Int) {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: max, whenFull: .cancelOldest)
    for number in 1...UInt64(max) { #expect(runtime.send(number, policy) == ["start #\(number) in a"]) }
    let next = UInt64(max) + 1
    #expect(runtime.send(next, policy) == ["cancel #1 superseded", "start #\(next) in a"])
    // The cancelled one winds down beside the newest: it holds no place for the next cancel to free.
    #expect(runtime.send(next + 1, policy) == ["cancel #2 superseded", "start #\(next + 1) in a"])
    #expect(runtime.windDown() == [])
    #expect(runtime.scheduler.groups[CancelID("a")]?.active.count == max)
  }

  @Test func cancelOldestCountsWaitingActionsAndDropsTheOldestOfThem() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"))
    runtime.send(3, .serial(id: "a"))
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .cancelOldest)
    #expect(runtime.send(4, policy) == ["cancel #1 superseded", "drop #2 superseded", "start #4 in a"])
    // #3 waits under its own limit of 1: #4 holds the place.
    #expect(runtime.windDown() == [])
    #expect(runtime.end(4) == ["startWaiting a", "  start #3 in a"])
  }

  @Test func cancelOldestSkipsATaskCancelledElsewhere() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .cancelOldest)
    runtime.send(1, policy)
    runtime.send(2, policy)
    #expect(runtime.cancel(1) == ["cancel #1 explicit"])
    #expect(runtime.send(3, policy) == ["start #3 in a"])
    #expect(runtime.send(4, policy) == ["cancel #2 superseded", "start #4 in a"])
  }

  @Test(arguments: [2, 3])
  func aFullLimitDropsTheNewAction(max: Int) {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: max, whenFull: .dropNew)
    for number in 1...UInt64(max) { #expect(runtime.send(number, policy) == ["start #\(number) in a"]) }
    let next = UInt64(max) + 1
    #expect(runtime.send(next, policy) == ["drop #\(next) already running"])
    #expect(runtime.end(1) == [])
    #expect(runtime.send(next + 1, policy) == ["start #\(next + 1) in a"])
  }

  @Test func aLimitThatDropsCountsWaitingActionsAsFull() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a"))
    runtime.send(2, .serial(id: "a"))
    #expect(runtime.send(3, .limit(id: "a", max: 2, whenFull: .dropNew)) == ["drop #3 already running"])
  }

  @Test(arguments: [2, 3])
  func aFullLimitThatWaitsStartsTheOldestWaitingAsEachEnds(max: Int) {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: max, whenFull: .wait)
    for number in 1...UInt64(max) { #expect(runtime.send(number, policy) == ["start #\(number) in a"]) }
    let next = UInt64(max) + 1
    #expect(runtime.send(next, policy) == [])
    #expect(runtime.send(next + 1, policy) == [])
    #expect(runtime.end(2) == ["startWaiting a", "  start #\(next) in a"])
    #expect(runtime.end(1) == ["startWaiting a", "  start #\(next + 1) in a"])
  }

  @Test func waitingActionsStartInOrderEachUnderTheLimitItWasSentWith() {
    let runtime = SchedulerRuntime()
    let two = ActionPolicy.limit(id: "a", max: 2, whenFull: .wait)
    #expect(runtime.send(1, .serial(id: "a")) == ["start #1 in a"])
    #expect(runtime.send(2, two) == ["start #2 in a"])
    #expect(runtime.send(3, .serial(id: "a")) == [])
    // A place is free for #4's limit, but #3 waits before it.
    #expect(runtime.send(4, two) == [])
    #expect(runtime.end(1) == [])
    #expect(runtime.end(2) == ["startWaiting a", "  start #3 in a", "  start #4 in a"])
  }

  // MARK: Spacing

  @Test func aQueueSpacedSinceTheEndArmsAGapAfterEachEnd() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.serial(id: "a", spacedBy: .milliseconds(500))
    #expect(runtime.send(1, policy) == ["start #1 in a"])
    #expect(runtime.send(2, policy) == [])
    #expect(runtime.end(1) == ["arm gap a 500ms"])
    #expect(runtime.advance(by: .milliseconds(499)) == [])
    #expect(runtime.advance(by: .milliseconds(1)) == ["startWaiting a", "  start #2 in a"])
    #expect(runtime.end(2) == ["arm gap a 500ms"])
    // Sent within the gap to an idle queue, it still waits the gap out.
    #expect(runtime.send(3, policy) == [])
    #expect(runtime.advance(by: .milliseconds(500)) == ["startWaiting a", "  start #3 in a"])
    #expect(runtime.end(3) == ["arm gap a 500ms"])
    #expect(runtime.advance(by: .milliseconds(500)) == [])
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func aGapSinceTheEndStartsOverAtEachEnd() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .wait(spacedBy: .milliseconds(500), since: .end))
    runtime.send(1, policy)
    runtime.send(2, policy)
    runtime.send(3, policy)
    #expect(runtime.end(1) == ["arm gap a 500ms"])
    #expect(runtime.advance(by: .milliseconds(200)) == [])
    #expect(runtime.end(2) == ["disarm gap a", "arm gap a 500ms"])
    #expect(runtime.advance(by: .milliseconds(499)) == [])
    #expect(runtime.advance(by: .milliseconds(1)) == ["startWaiting a", "  start #3 in a"])
  }

  @Test func aLimitSpacedSinceTheStartSpacesStartsAndKeepsTheLimit() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .wait(spacedBy: .milliseconds(300), since: .start))
    #expect(runtime.send(1, policy) == ["arm gap a 300ms", "start #1 in a"])
    #expect(runtime.send(2, policy) == [])
    #expect(runtime.send(3, policy) == [])
    #expect(runtime.advance(by: .milliseconds(300)) == ["startWaiting a", "  arm gap a 300ms", "  start #2 in a"])
    // The gap is over, but two run: #3 waits for a place.
    #expect(runtime.advance(by: .milliseconds(300)) == ["startWaiting a"])
    #expect(runtime.end(1) == ["startWaiting a", "  arm gap a 300ms", "  start #3 in a"])
  }

  @Test func theSpacingOfTheLatestWaitingActionHoldsForTheGroup() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a", spacedBy: .milliseconds(500)))
    runtime.send(2, .serial(id: "a"))
    #expect(runtime.end(1) == ["startWaiting a", "  start #2 in a"])
  }
}
