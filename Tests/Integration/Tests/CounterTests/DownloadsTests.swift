import Actuate
import ActuateTesting
@testable import Counter
import Testing

/// The policies and the idle wait of issue 15, as a package outside Actuate's reaches them.
@Suite struct DownloadsTests {
  @Test func aQueuedDownloadCancelledByItsNameNeverRunsAndTheQueueGoesOn() async {
    let clock = TestClock()
    let store = Store(initialState: .init(), interactor: Downloads(), clock: clock)
    let first = store.send(.fetch("a"))
    let second = store.send(.fetch("b"))
    let third = store.send(.fetch("c"))
    let fourth = store.send(.fetch("d"))
    await store.waitUntilIdle()
    await store.send(.cancel("c")).finish()
    await clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(await first.finish() == .completed)
    #expect(await second.finish() == .completed)
    #expect(await third.finish() == .cancelled(.explicit))
    #expect(await fourth.finish() == .completed)
    #expect(await store.state.done == ["a", "b", "d"])
  }
}
