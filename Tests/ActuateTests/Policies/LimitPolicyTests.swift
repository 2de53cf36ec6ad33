@testable import Actuate
import ActuateTesting
import Testing

@Suite("Policies: limits")
struct LimitPolicyTests {
  @Test func cancelOldestKeepsTheNewestAndCleansUpTheOnesItCancels() async {
    let (store, clock) = Store.probe()
    let limit = ActionPolicy.limit(id: "work", max: 2, whenFull: .cancelOldest)
    let a = store.send("a", limit)
    await store.settleIntake()
    let b = store.send("b", limit)
    await store.settleIntake()
    let c = store.send("c", limit)
    #expect(await a.finish() == .cancelled(.superseded))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await b.finish() == .completed)
    #expect(await c.finish() == .completed)
    #expect(await store.state.log == ["start a", "start b", "cleanup a", "start c", "end b", "end c"])
    #expect(await store.state.running == 0)
  }

  @Test func cancelOldestDropsAWaitingActionBeforeItStarts() async {
    let (store, clock) = Store.probe()
    let a = store.send("a", .serial(id: "work"))
    let b = store.send("b", .serial(id: "work"))
    let c = store.send("c", .serial(id: "work"))
    await store.settleIntake()
    // a runs, b and c wait: three hold a place, so a limit of 2 cancels the two oldest.
    let d = store.send("d", .limit(id: "work", max: 2, whenFull: .cancelOldest))
    #expect(await a.finish() == .cancelled(.superseded))
    #expect(await b.finish() == .cancelled(.superseded))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await d.finish() == .completed)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await c.finish() == .completed)
    #expect(await store.state.log == ["start a", "cleanup a", "start d", "end d", "start c", "end c"])
  }

  @Test func dropNewDropsWhatComesBeyondTheLimit() async {
    let (store, clock) = Store.probe()
    let limit = ActionPolicy.limit(id: "work", max: 2, whenFull: .dropNew)
    let a = store.send("a", limit)
    let b = store.send("b", limit, for: .seconds(2))
    let c = store.send("c", limit)
    #expect(await c.finish() == .cancelled(.alreadyRunning))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await a.finish() == .completed)
    // A place is free again.
    let d = store.send("d", limit)
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await b.finish() == .completed)
    #expect(await d.finish() == .completed)
    #expect(await store.state.log == ["start a", "start b", "end a", "start d", "end b", "end d"])
  }

  @Test func waitRunsAtMostTheLimitAtOnceInTheOrderSent() async {
    let (store, clock) = Store.probe()
    let limit = ActionPolicy.limit(id: "work", max: 2, whenFull: .wait)
    let tasks = ["a", "b", "c", "d", "e"].map { store.send($0, limit) }
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "start b"])
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "start b", "end a", "start c", "end b", "start d"])
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    for task in tasks { #expect(await task.finish() == .completed) }
    #expect(await store.state.log.suffix(4) == ["end c", "start e", "end d", "end e"])
  }

  @Test func aWaitingActionCancelledByItsHandleOrItsIDNeverStarts() async {
    let (store, clock) = Store.probe()
    let limit = ActionPolicy.limit(id: "work", max: 2, whenFull: .wait)
    let running = [store.send("a", limit), store.send("b", limit)]
    let byHandle = store.send("c", limit)
    let next = store.send("d", limit)
    await store.settleIntake()
    byHandle.cancel()
    #expect(await byHandle.finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "start b", "end a", "start d", "end b"])
    store.cancel(id: "work")
    #expect(await next.finish() == .cancelled(.explicit))
    for task in running { #expect(await task.finish() == .completed) }
    #expect(await store.state.log.last == "cleanup d")
  }

  /// The shorthands are the limits of 1: the same scenario gives the same log and outcomes.
  @Test(arguments: [
    (ActionPolicy.cancelPrevious(id: "work"), ActionPolicy.limit(id: "work", max: 1, whenFull: .cancelOldest)),
    (.dropNew(id: "work"), .limit(id: "work", max: 1, whenFull: .dropNew)),
    (.serial(id: "work"), .limit(id: "work", max: 1, whenFull: .wait)),
  ])
  func aShorthandIsItsLimitOfOne(shorthand: ActionPolicy, limit: ActionPolicy) async {
    #expect(shorthand.description == limit.description)
    func run(_ policy: ActionPolicy) async -> ([String], [ActionOutcome]) {
      let (store, clock) = Store.probe()
      let first = store.send("a", policy)
      await store.settleIntake()
      let rest = [store.send("b", policy), store.send("c", policy)]
      await store.settleIntake()
      for _ in 0..<3 {
        await clock.advance(by: .seconds(1))
        await store.settleIntake()
      }
      var outcomes: [ActionOutcome] = []
      for task in [first] + rest { outcomes.append(await task.finish()) }
      return (await store.state.log, outcomes)
    }
    let (shortLog, shortOutcomes) = await run(shorthand)
    let (limitLog, limitOutcomes) = await run(limit)
    #expect(shortLog == limitLog)
    #expect(shortOutcomes == limitOutcomes)
  }

  @Test func aLimitBelowOneCountsAsOneAndSaysSo() async {
    let warnings = Locked<[String]>([])
    let policy = Diagnostics.$handler.withValue({ line in warnings.withLock { $0.append(line) } }) {
      ActionPolicy.limit(id: "work", max: 0, whenFull: .wait)
    }
    #expect(policy.description == ActionPolicy.serial(id: "work").description)
    #expect(
      warnings.withLock { $0 } == [
        "[Actuate] warning: ActionPolicy.limit(id: \"work\", max: 0) lets no action run, so it counts as max: 1. Pass a max of 1 or more."
      ])
  }
}
