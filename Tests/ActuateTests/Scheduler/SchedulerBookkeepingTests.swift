@testable import Actuate
import Testing

/// What the scheduler keeps: groups forgotten once empty, and what the store asks of it (the started
/// records, a record by number).
@Suite("Scheduler: bookkeeping")
struct SchedulerBookkeepingTests {
  private static let home = RecordHome()

  private static func record(_ number: UInt64) -> TaskRecord {
    TaskRecord(number: number, owner: ObjectIdentifier(home), home: home)
  }

  // MARK: A group

  @Test func aGroupIsEmptyOnlyWithNothingStartedWaitingTaggedOrTimed() {
    #expect(WorkGroup().isEmpty)
    var started = WorkGroup()
    started.join(Self.record(1))
    var waiting = WorkGroup()
    waiting.queued.append(.init(record: Self.record(1), max: 1))
    var windowed = WorkGroup()
    windowed.window = .init(token: 1)
    var tagged = WorkGroup()
    tagged.tagged[1] = Self.record(1)
    var gapped = WorkGroup()
    gapped.gap = .init(token: 1)
    for group in [started, waiting, windowed, tagged, gapped] { #expect(!group.isEmpty) }
    // A spacing alone keeps nothing: it is set again by the next action that waits.
    var spaced = WorkGroup()
    spaced.spacing = .init(duration: .seconds(1), since: .end)
    #expect(spaced.isEmpty)
  }

  @Test func startedAndTaggedActionsHoldPlacesAndWaitingOnesFillTheLimit() {
    var group = WorkGroup()
    group.join(Self.record(3))
    group.tagged[1] = Self.record(1)
    group.queued.append(.init(record: Self.record(5), max: 3))
    #expect(group.occupied == 2)
    #expect(group.isFull(max: 3))
    #expect(!group.isFull(max: 4))
    // Something waits: a new action waits behind it, even with a place free.
    #expect(!group.mayStart(max: 4))
    #expect(group.mayStartWaiting)
    group.gap = .init(token: 1)
    #expect(!group.mayStartWaiting)
    #expect(group.oldestNumber == 1)
    #expect(WorkGroup().oldestNumber == .max)
  }

  @Test func theOldestNumberCountsTheActionAWindowHolds() {
    var group = WorkGroup()
    group.join(Self.record(4))
    group.window = .init(token: 1, pending: Self.record(2))
    #expect(group.oldestNumber == 2)
  }

  // MARK: Forgetting groups

  @Test func everyWayAGroupEmptiesForgetsIt() {
    // The last task ends.
    let ended = SchedulerRuntime()
    ended.send(1, .serial(id: "a"))
    ended.end(1)
    #expect(ended.scheduler.groups.isEmpty)
    // Its only waiting action is cancelled.
    var debounced = Scheduler()
    let waiting = Self.record(1)
    _ = debounced.take(waiting, under: .debounce(id: "a", for: .zero))
    #expect(debounced.cancel(waiting, reason: .explicit).summaries() == ["drop #1 explicit"])
    #expect(debounced.groups.isEmpty)
    // The id is cancelled while nothing had started.
    var cancelled = Scheduler()
    _ = cancelled.take(Self.record(1), under: .debounce(id: "a", for: .zero))
    #expect(cancelled.cancel(id: CancelID("a"), reason: .explicit).summaries() == ["drop #1 explicit"])
    #expect(cancelled.groups.isEmpty)
    // The action tagged with it ends.
    let untagged = SchedulerRuntime()
    untagged.send(1, .concurrent(id: "a").also(id: "x"))
    untagged.end(1)
    #expect(untagged.scheduler.groups.isEmpty)
    // Its window or its gap closes over nothing.
    let windowed = SchedulerRuntime()
    windowed.send(1, .throttle(id: "a", for: .milliseconds(100)), runs: .zero)
    #expect(windowed.scheduler.groups.count == 1)
    windowed.advance(by: .milliseconds(100))
    #expect(windowed.scheduler.groups.isEmpty)
    let gapped = SchedulerRuntime()
    gapped.send(1, .serial(id: "a", spacedBy: .milliseconds(100)), runs: .zero)
    #expect(gapped.scheduler.groups.count == 1)
    gapped.advance(by: .milliseconds(100))
    #expect(gapped.scheduler.groups.isEmpty)
  }

  @Test func aStoppedSchedulerKeepsNothingOnceItsTasksReturn() {
    let runtime = SchedulerRuntime()
    runtime.send(1, .concurrent)
    runtime.send(2, .serial(id: "a").also(id: "x"))
    runtime.send(3, .serial(id: "a").also(id: "y"))
    runtime.send(4, .throttle(id: "b", for: .milliseconds(100)))
    runtime.send(5, .throttle(id: "b", for: .milliseconds(100)))
    runtime.send(6, .serial(id: "c", spacedBy: .milliseconds(100)))
    runtime.send(7, .serial(id: "c", spacedBy: .milliseconds(100)))
    runtime.send(8, .debounce(id: "d", for: .milliseconds(100)))
    runtime.stop()
    #expect(!runtime.scheduler.groups.isEmpty)
    runtime.windDown()
    #expect(runtime.scheduler.groups.isEmpty)
    #expect(runtime.scheduler.live.isEmpty)
    #expect(runtime.scheduler.tags.isEmpty)
    #expect(runtime.scheduler.startedRecords.isEmpty)
    #expect(runtime.advance(by: .seconds(1)) == [])
  }

  // MARK: What the store asks

  /// #1 running, #2 running and #3 queued behind it, #4 sleeping out a debounce, #5 running in a throttle
  /// window that holds #6, and #7 ended in its first stretch.
  private func sendOneOfEachKind(to runtime: SchedulerRuntime) {
    runtime.send(1, .concurrent)
    runtime.send(2, .serial(id: "a"))
    runtime.send(3, .serial(id: "a"))
    runtime.send(4, .debounce(id: "b", for: .milliseconds(100)))
    runtime.send(5, .throttle(id: "c", for: .milliseconds(100)))
    runtime.send(6, .throttle(id: "c", for: .milliseconds(100)))
    runtime.send(7, .concurrent, runs: .zero)
  }

  @Test func theStartedRecordsAreTheRunningTheSleepingAndTheWindingDown() {
    let runtime = SchedulerRuntime()
    sendOneOfEachKind(to: runtime)
    runtime.send(8, .concurrent(id: "d"))
    runtime.cancel(1)
    runtime.cancel(id: "d")
    let started = runtime.scheduler.startedRecords
    #expect(started.keys.sorted() == [1, 2, 4, 5, 8])
    #expect(started.allSatisfy { $0.value === runtime.record($0.key) })
    runtime.windDown()
    #expect(runtime.scheduler.startedRecords.keys.sorted() == [2, 4, 5])
  }

  @Test func aRecordIsFoundByNumberWhileTheSchedulerHoldsIt() {
    let runtime = SchedulerRuntime()
    sendOneOfEachKind(to: runtime)
    for number in UInt64(1)...6 { #expect(runtime.scheduler.record(numbered: number) === runtime.record(number)) }
    #expect(runtime.scheduler.record(numbered: 7) == nil)
    #expect(runtime.scheduler.record(numbered: 99) == nil)
    runtime.cancel(id: "a")
    runtime.windDown()
    #expect(runtime.scheduler.record(numbered: 2) == nil)
    #expect(runtime.scheduler.record(numbered: 3) == nil)
  }

  // MARK: Decisions

  @Test func decisionsKeepTheirOrderPastTheTwoHeldInline() {
    let records = (UInt64(1)...4).map(Self.record)
    var decisions = Decisions()
    #expect(decisions.isEmpty)
    decisions.append(.start(records[0], group: nil))
    #expect(!decisions.isEmpty)
    decisions.append(.cancel(records[1], .superseded))
    var more = Decisions(.drop(records[2], .throttled))
    more.append(.startWaiting(CancelID("a")))
    more.append(.openWindow(CancelID("b"), .milliseconds(5)))
    decisions.append(contentsOf: more)
    #expect(
      decisions.summaries() == [
        "start #1", "cancel #2 superseded", "drop #3 throttled", "startWaiting a", "openWindow b 5ms",
      ])
  }
}
