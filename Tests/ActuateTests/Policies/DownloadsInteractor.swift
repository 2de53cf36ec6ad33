@testable import Actuate
import ActuateTesting
import Testing

/// The interactor the samples of Docs/Policies.md come from: downloads in a queue, each cancellable alone,
/// uploads spaced out, thumbnails three at a time, and a refresh that does nothing while offline.
struct DownloadsInteractor: Interactor {
  struct State: Equatable, Sendable {
    var isOffline = false
    var downloaded: [String] = []
    var log: [String] = []
  }

  enum Action: Sendable {
    case download(URL)
    case upload(String)
    case thumbnail(String)
    case search(String)
    case refresh
    case cancelDownloads(inFolder: String)
  }

  struct URL: Hashable, Sendable {
    let folder: String
    let name: String
  }

  private struct DownloadsID: Hashable {}
  private struct UploadsID: Hashable {}
  private struct ThumbnailsID: Hashable {}
  private struct SearchID: Hashable {}

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .download(let url):
      try? await store.sleep(for: .seconds(1))
      store.downloaded.append(url.name)
    case .upload(let name), .thumbnail(let name), .search(let name):
      store.log.append("start \(name)")
      try? await store.sleep(for: .seconds(1))
      store.log.append("end \(name)")
    case .refresh:
      // The policy cannot see the state; the handler's first stretch runs as the store takes the action,
      // so this guard reads the state exactly when a state-reading policy would have.
      guard !store.isOffline else { return }
      store.log.append("refreshed")
    case .cancelDownloads(let folder):
      store.cancel(ids: URL.self, where: { $0.folder == folder })
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .download(let url): .serial(id: DownloadsID()).also(id: url)
    case .upload: .serial(id: UploadsID(), spacedBy: .seconds(2))
    case .thumbnail: .limit(id: ThumbnailsID(), max: 3, whenFull: .wait)
    case .search: .limit(id: SearchID(), max: 2, whenFull: .cancelOldest)
    case .refresh, .cancelDownloads: .concurrent
    }
  }
}

@Suite("Policies: the guide's samples")
struct DownloadsInteractorTests {
  private func makeStore() -> (Store<DownloadsInteractor>, TestClock) {
    let clock = TestClock()
    return (Store(initialState: .init(), interactor: DownloadsInteractor(), clock: clock), clock)
  }

  @Test func aDownloadCancelledByItsURLLeavesTheQueue() async {
    let (store, clock) = makeStore()
    let a = DownloadsInteractor.URL(folder: "inbox", name: "a")
    let b = DownloadsInteractor.URL(folder: "inbox", name: "b")
    let c = DownloadsInteractor.URL(folder: "sent", name: "c")
    let tasks = [a, b, c].map { store.send(.download($0)) }
    await store.settleIntake()
    store.cancel(id: b)
    #expect(await tasks[1].finish() == .cancelled(.explicit))
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await tasks[2].finish() == .completed)
    #expect(await store.state.downloaded == ["a", "c"])
  }

  @Test func cancellingAFolderCancelsItsDownloadsOnly() async {
    let (store, clock) = makeStore()
    let inbox = ["a", "b"].map { store.send(.download(.init(folder: "inbox", name: $0))) }
    let sent = store.send(.download(.init(folder: "sent", name: "c")))
    await store.settleIntake()
    store.send(.cancelDownloads(inFolder: "inbox"))
    for task in inbox { #expect(await task.finish() == .cancelled(.explicit)) }
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await sent.finish() == .completed)
    #expect(await store.state.downloaded == ["c"])
  }

  @Test func uploadsAreSpacedAndThumbnailsRunThreeAtATime() async {
    let (store, clock) = makeStore()
    store.send(.upload("u1"))
    store.send(.upload("u2"))
    for name in ["t1", "t2", "t3", "t4"] { store.send(.thumbnail(name)) }
    await store.settleIntake()
    #expect(await store.state.log == ["start u1", "start t1", "start t2", "start t3"])
    await clock.advance(by: .seconds(1))
    await store.settleIntake()
    #expect(await store.state.log.suffix(5) == ["end u1", "end t1", "start t4", "end t2", "end t3"])
    await clock.advance(by: .seconds(2))  // two seconds after u1 ended
    #expect(await store.state.log.last == "start u2")
    await clock.run()
  }

  @Test func aRefreshWhileOfflineDoesNothing() async {
    let (store, _) = makeStore()
    await store.sendAndWait(.refresh)
    await store.actor.goOffline()
    await store.sendAndWait(.refresh)
    #expect(await store.state.log == ["refreshed"])
  }

  @Test func theTwoNewestSearchesRun() async {
    let (store, clock) = makeStore()
    let first = store.send(.search("a"))
    await store.settleIntake()
    store.send(.search("b"))
    await store.settleIntake()
    store.send(.search("c"))
    #expect(await first.finish() == .cancelled(.superseded))
    await clock.run()
  }
}

extension StoreActor where I == DownloadsInteractor {
  fileprivate func goOffline() { self.isOffline = true }
}
