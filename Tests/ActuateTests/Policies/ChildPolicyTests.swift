@testable import Actuate
import ActuateTesting
import Testing

/// Two download children side by side: what one cancels by a test of its ids never reaches the other.
struct TwoDownloaders: Interactor {
  struct State: Equatable, Sendable {
    var left = DownloadsInteractor.State()
    var right = DownloadsInteractor.State()
  }

  enum Action: Sendable {
    case left(DownloadsInteractor.Action)
    case right(DownloadsInteractor.Action)
  }

  var children: [Child<Self>] {
    [
      .scope(\.left, interactor: DownloadsInteractor(), embed: Action.left) {
        guard case .left(let action) = $0 else { return nil }
        return action
      },
      .scope(\.right, interactor: DownloadsInteractor(), embed: Action.right) {
        guard case .right(let action) = $0 else { return nil }
        return action
      },
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
}

@Suite("Policies: in children")
struct ChildPolicyTests {
  @Test func aChildsCancelByTestAndItsExtraIDsStayItsOwn() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: TwoDownloaders(), clock: clock)
    let url = DownloadsInteractor.URL(folder: "inbox", name: "a")
    let left = store.send(.left(.download(url)))
    let right = store.send(.right(.download(url)))
    let leftQueued = store.send(.left(.download(.init(folder: "inbox", name: "b"))))
    await store.settleIntake()
    // The root's ids are not the children's.
    store.cancel(id: url)
    store.cancel(ids: DownloadsInteractor.URL.self, where: { _ in true })
    store.send(.left(.cancelDownloads(inFolder: "inbox")))
    #expect(await left.finish() == .cancelled(.explicit))
    #expect(await leftQueued.finish() == .cancelled(.explicit))
    await store.settleIntake()
    await clock.advance(by: .seconds(1))
    #expect(await right.finish() == .completed)
    let state = await store.state
    #expect(state.left.downloaded == [])
    #expect(state.right.downloaded == ["a"])
  }
}
