@testable import Actuate
import ActuateTesting
import Testing

@Suite("Policies: one action under several ids")
struct SeveralIDsTests {
  private func download(_ file: String) -> ActionPolicy { .serial(id: "downloads").also(id: file) }

  @Test func cancellingOneQueuedDownloadByItsOwnIDLeavesTheQueueWithoutStartingIt() async {
    let (store, clock) = Store.probe()
    let a = store.send("a", download("a.zip"))
    let b = store.send("b", download("b.zip"))
    let c = store.send("c", download("c.zip"))
    await store.settleIntake()
    store.cancel(id: "b.zip")
    #expect(await b.finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await a.finish() == .completed)
    #expect(await c.finish() == .completed)
    #expect(await store.state.log == ["start a", "end a", "start c", "end c"])
  }

  @Test func cancellingTheRunningDownloadByItsOwnIDCleansItUpAndTheQueueGoesOn() async {
    let (store, clock) = Store.probe()
    let a = store.send("a", download("a.zip"))
    let b = store.send("b", download("b.zip"))
    await store.settleIntake()
    store.cancel(id: "a.zip")
    #expect(await a.finish() == .cancelled(.explicit))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await b.finish() == .completed)
    #expect(await store.state.log == ["start a", "cleanup a", "start b", "end b"])
  }

  @Test func cancellingTheQueueIDCancelsEveryDownload() async {
    let (store, _) = Store.probe()
    let tasks = ["a", "b"].map { store.send($0, download("\($0).zip")) }
    await store.settleIntake()
    store.cancel(id: "downloads")
    for task in tasks { #expect(await task.finish() == .cancelled(.explicit)) }
    #expect(await store.state.log == ["start a", "cleanup a"])
  }

  @Test func aCancelSentWithTheDownloadCatchesItBeforeItStarts() async {
    let (store, _) = Store.probe()
    var download: ActionTask?
    store.withIntakeHeld {
      download = store.send("a", self.download("a.zip"))
      store.cancel(id: "a.zip")
    }
    #expect(await download!.finish() == .cancelled(.explicit))
    #expect(await store.state.log == [])
  }

  @Test func laterPoliciesUnderTheExtraIDSeeTheAction() async {
    let (store, clock) = Store.probe()
    let a = store.send("a", download("a.zip"))
    await store.settleIntake()
    let dropped = store.send("x", .dropNew(id: "a.zip"))
    #expect(await dropped.finish() == .cancelled(.alreadyRunning))
    let waits = store.send("y", .serial(id: "a.zip"))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await a.finish() == .completed)
    await store.settleIntake()
    #expect(await store.state.log == ["start a", "end a", "start y"])
    await clock.advance(by: .seconds(1))
    #expect(await waits.finish() == .completed)
  }

  @Test func onAPolicyWithNoIDTheExtraIDBecomesItsOwn() {
    #expect(ActionPolicy.concurrent.also(id: "x").description == ActionPolicy.concurrent(id: "x").description)
  }

  @Test func anExtraIDIsKeptOnceBesideThePolicysOwn() {
    #expect(ActionPolicy.concurrent(id: "x").also(id: "x").description == ActionPolicy.concurrent(id: "x").description)
    #expect(ActionPolicy.concurrent(id: "x").also(id: "y").description == "concurrent(id: \"x\").also(id: \"y\")")
    #expect(ActionPolicy.serial(id: "q").also(id: "q").description == ActionPolicy.serial(id: "q").description)
    #expect(ActionPolicy.serial(id: "q").also(id: "f").description == "serial(id: \"q\").also(id: \"f\")")
  }
}
