@testable import Actuate
import Testing

/// Throttle windows and spacing gaps: a timer the scheduler no longer waits for is stale, and decides nothing.
@Suite("Scheduler: timers")
struct SchedulerTimerTests {
  @Test func aDisarmedWindowsTimerIsStaleWhenItFires() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.throttle(id: "a", for: .milliseconds(100))
    runtime.send(1, policy)
    let first = runtime.armedTimers[0]
    #expect(runtime.cancel(id: "a") == ["disarm window a", "cancel #1 explicit"])
    #expect(!runtime.scheduler.isCurrent(first))
    #expect(runtime.scheduler.timerFired(first).isEmpty)
    runtime.send(2, policy)
    runtime.send(3, policy)
    let second = runtime.armedTimers[1]
    #expect(runtime.scheduler.isCurrent(second))
    // The window of #2 stays open, and keeps #3 for its end.
    #expect(runtime.scheduler.timerFired(first).isEmpty)
    #expect(runtime.scheduler.groups[CancelID("a")]?.window?.token == second.token)
    #expect(runtime.advance(by: .milliseconds(100)) == ["start #3 in a", "openWindow a 100ms", "  arm window a 100ms"])
  }

  @Test func aGapsTimerReplacedByALaterEndIsStale() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .wait(spacedBy: .milliseconds(500), since: .end))
    runtime.send(1, policy)
    runtime.send(2, policy)
    runtime.send(3, policy)
    runtime.end(1)
    runtime.end(2)
    let (first, second) = (runtime.armedTimers[0], runtime.armedTimers[1])
    #expect(!runtime.scheduler.isCurrent(first))
    #expect(runtime.scheduler.timerFired(first).isEmpty)
    #expect(runtime.scheduler.groups[CancelID("a")]?.gap?.token == second.token)
    #expect(runtime.scheduler.timerFired(second).summaries() == ["startWaiting a"])
  }

  @Test func aGapsTimerFiredAfterItsGroupWasCancelledIsStale() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.serial(id: "a", spacedBy: .milliseconds(500))
    runtime.send(1, policy)
    runtime.send(2, policy)
    runtime.end(1)
    #expect(runtime.cancel(id: "a") == ["disarm gap a", "drop #2 explicit"])
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.scheduler.timerFired(runtime.armedTimers[0]).isEmpty)
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func aTimerWhoseGroupWasCancelledBeforeItWasArmedIsNotArmed() {
    let home = RecordHome()
    let record = TaskRecord(number: 1, owner: ObjectIdentifier(home), home: home)
    var scheduler = Scheduler()
    #expect(
      scheduler.take(record, under: .throttle(id: "a", for: .milliseconds(100))).summaries() == [
        "start #1 in a", "openWindow a 100ms",
      ])
    scheduler.join(record, group: CancelID("a"))
    var opened = Array(scheduler.openWindow(CancelID("a"), for: .milliseconds(100)))
    guard opened.count == 1, case .arm(let timer, let duration) = opened.removeFirst() else {
      Issue.record("openWindow did not arm one timer")
      return
    }
    #expect(duration == .milliseconds(100))
    #expect(scheduler.isCurrent(timer))
    // A first stretch cancels the group before the store arms the window's timer.
    #expect(scheduler.cancel(id: CancelID("a"), reason: .explicit).summaries() == ["cancel #1 explicit"])
    #expect(!scheduler.isCurrent(timer))
    let armed = scheduler.armed(timer, record: TaskRecord(number: 2, owner: ObjectIdentifier(home), home: home))
    #expect(!armed)
    #expect(scheduler.timerFired(timer).isEmpty)
  }

  @Test func aGapThatClosesOverAnIdleGroupForgetsIt() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .serial(id: "a", spacedBy: .milliseconds(500)))
    runtime.end(1)
    #expect(runtime.scheduler.groups[CancelID("a")]?.gap != nil)
    #expect(runtime.advance(by: .milliseconds(500)) == [])
    #expect(runtime.scheduler.groups.isEmpty)
  }

  @Test func aGapThatClosesOverABusyGroupAsksForWhatWaits() {
    let runtime = SchedulerRuntime()
    let policy = ActionPolicy.limit(id: "a", max: 2, whenFull: .wait(spacedBy: .milliseconds(100), since: .start))
    runtime.send(1, policy)
    #expect(runtime.advance(by: .milliseconds(100)) == ["startWaiting a"])
    #expect(runtime.scheduler.groups[CancelID("a")]?.gap == nil)
  }

  @Test func aWindowKeepsTheTimerRecordItWasArmedWith() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .throttle(id: "a", for: .milliseconds(100)))
    let timer = runtime.scheduler.groups[CancelID("a")]?.window?.record
    #expect(timer.flatMap { runtime.timerNames[ObjectIdentifier($0)] } == "window a")
  }
}
