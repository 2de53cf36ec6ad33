@testable import Actuate
import ActuateTesting
import Testing

@Suite("Policies: spacing between queued actions")
struct SpacingTests {
  @Test func aSerialQueueSpacedSinceTheEndLeavesTheGapAfterEachAction() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.serial(id: "uploads", spacedBy: .milliseconds(500))
    let a = store.send("a", policy)
    let b = store.send("b", policy)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))  // a ends; b waits out the gap
    #expect(await a.finish() == .completed)
    #expect(await store.state.log == ["start a", "end a"])
    await clock.advance(by: .milliseconds(499))
    #expect(await store.state.log == ["start a", "end a"])
    await clock.advance(by: .milliseconds(1))
    #expect(await store.state.log == ["start a", "end a", "start b"])
    await clock.advance(by: .seconds(1))
    #expect(await b.finish() == .completed)
  }

  @Test func anActionSentToAnIdleQueueStillWaitsOutTheGap() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.serial(id: "uploads", spacedBy: .seconds(1))
    store.send("a", policy)
    await store.settleIntake()
    await clock.advance(by: .milliseconds(1_200))  // a ended at 1 s
    let b = store.send("b", policy)
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "end a"])
    await clock.advance(by: .milliseconds(800))  // 1 s after a ended
    #expect(await store.state.log == ["start a", "end a", "start b"])
    await clock.advance(by: .seconds(1))
    #expect(await b.finish() == .completed)
  }

  @Test func aLimitSpacedSinceTheStartSpacesTheStartsAndKeepsTheLimit() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.limit(id: "calls", max: 2, whenFull: .wait(spacedBy: .milliseconds(300), since: .start))
    let tasks = ["a", "b", "c"].map { store.send($0, policy) }
    await store.settleIntake()
    #expect(await store.state.log == ["start a"])
    await clock.advance(by: .milliseconds(300))
    #expect(await store.state.log == ["start a", "start b"])
    await clock.advance(by: .milliseconds(300))  // the gap is over, but two run: c waits for a place
    #expect(await store.state.log == ["start a", "start b"])
    await clock.advance(by: .milliseconds(400))  // a ends at 1 s
    #expect(await store.state.log == ["start a", "start b", "end a", "start c"])
    await clock.run()
    for task in tasks { #expect(await task.finish() == .completed) }
  }

  @Test func cancellingTheIDDropsWhatWaitsAndEndsTheGap() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.serial(id: "uploads", spacedBy: .seconds(5))
    store.send("a", policy)
    let b = store.send("b", policy)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    store.cancel(id: "uploads")
    #expect(await b.finish() == .cancelled(.explicit))
    let c = store.send("c", policy)
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "end a", "start c"])
    await clock.advance(by: .seconds(1))
    #expect(await c.finish() == .completed)
  }

  @Test func cancellingTheIDWhileASpacedActionRunsLeavesNoGapAfterIt() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.serial(id: "uploads", spacedBy: .seconds(60))
    let a = store.send("a", policy)
    await store.settleIntake()
    store.cancel(id: "uploads")
    #expect(await a.finish() == .cancelled(.explicit))
    let c = store.send("c", policy)
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "cleanup a", "start c"])
    await clock.advance(by: .seconds(1))
    #expect(await store.state.log == ["start a", "cleanup a", "start c", "end c"])
    #expect(c.outcome == .completed)
  }

  @Test func stopDuringAGapWithAQueueLeavesNothingBehind() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.serial(id: "uploads", spacedBy: .seconds(60))
    store.send("a", policy)
    let b = store.send("b", policy)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))  // a ends; the gap opens; b waits
    store.stop()
    #expect(await b.finish() == .cancelled(.storeStopped))
    await store.settleIntake()
    #expect(await store.actor.scheduler.groups.isEmpty)
    await clock.run()
    #expect(await store.state.log == ["start a", "end a"])
  }

  @Test func stopWhileASpacedActionRunsOpensNoGapAfterIt() async {
    let (store, clock) = Store.probe()
    let policy = ActionPolicy.serial(id: "uploads", spacedBy: .seconds(60))
    let a = store.send("a", policy)
    await store.settleIntake()
    store.stop()
    #expect(await a.finish() == .cancelled(.storeStopped))
    await store.settleIntake()
    let scheduler = await store.actor.scheduler
    #expect(scheduler.groups.isEmpty && scheduler.live.isEmpty && scheduler.tags.isEmpty)
    await clock.run()
  }
}
