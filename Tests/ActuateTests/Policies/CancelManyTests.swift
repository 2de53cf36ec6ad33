@testable import Actuate
import ActuateTesting
import Testing

@Suite("Policies: cancelling several ids")
struct CancelManyTests {
  struct DownloadID: Hashable, Sendable {
    let folder: String
    let name: String
  }

  @Test func cancelIDsCancelsEachOfThemAndNothingElse() async {
    let (store, clock) = Store.probe()
    let a = store.send("a", .concurrent(id: "a"))
    let b = store.send("b", .serial(id: 2))
    let c = store.send("c", .concurrent(id: "c"))
    await store.settleIntake()
    store.cancel(ids: ["a", 2])
    #expect(await a.finish() == .cancelled(.explicit))
    #expect(await b.finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(1))
    #expect(await c.finish() == .completed)
  }

  @Test func cancelWhereCancelsTheMatchingIDsOfThatTypeOnly() async {
    let (store, clock) = Store.probe()
    let inbox = store.send("inbox", .concurrent(id: DownloadID(folder: "inbox", name: "1")))
    let queued = store.send("queued", .serial(id: DownloadID(folder: "inbox", name: "1")))
    let other = store.send("other", .concurrent(id: DownloadID(folder: "sent", name: "1")))
    let string = store.send("string", .concurrent(id: "inbox"))
    await store.settleIntake()
    store.cancel(ids: DownloadID.self, where: { $0.folder == "inbox" })
    #expect(await inbox.finish() == .cancelled(.explicit))
    #expect(await queued.finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(1))
    #expect(await other.finish() == .completed)
    #expect(await string.finish() == .completed)
    #expect(!(await store.state.log.contains("start queued")))
  }

  @Test func cancelsSentWithTheActionsCatchThemBeforeTheyStart() async {
    let (store, _) = Store.probe()
    var tasks: [ActionTask] = []
    store.withIntakeHeld {
      tasks.append(store.send("a", .concurrent(id: DownloadID(folder: "inbox", name: "a"))))
      tasks.append(store.send("b", .concurrent(id: "b")))
      tasks.append(store.send("c", .serial(id: "q").also(id: DownloadID(folder: "inbox", name: "c"))))
      store.cancel(ids: DownloadID.self, where: { $0.folder == "inbox" })
      store.cancel(ids: ["b"])
    }
    for task in tasks { #expect(await task.finish() == .cancelled(.explicit)) }
    #expect(await store.state.log == [])
  }

  @Test func aHandlerCancelsByPredicateAtOnce() async {
    let (store, _) = Store.probe()
    let a = store.send("a", .concurrent(id: DownloadID(folder: "inbox", name: "a")))
    await store.settleIntake()
    await store.actor.cancelInbox()
    #expect(await a.finish() == .cancelled(.explicit))
    #expect(await store.state.log == ["start a", "cleanup a"])
  }
}

extension StoreActor where I == PolicyProbe {
  fileprivate func cancelInbox() {
    cancel(ids: CancelManyTests.DownloadID.self, where: { $0.folder == "inbox" })
  }
}
