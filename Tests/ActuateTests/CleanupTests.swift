@testable import Actuate
import ActuateTesting
import Testing

/// `onCancel`: a handler cancelled after it started is cleaned up once, at the cancel. Cancelled by code in
/// its stretch, the cleanup is part of that stretch's change; cancelled from outside, by a newer action's
/// policy or by `stop()`, it is a change of its own whose cause is the cancellation.
@Suite("Cleanup of cancelled handlers")
struct CleanupTests {
  @Test func cancellingADownloadByIDResetsItsSpinnerAndProgress() async {
    let (store, log, clock) = Downloader.observedStore()
    let task = store.send(.tracked("a"))
    await store.settleIntake()
    await clock.advance(by: .seconds(2))
    #expect(await store.state.progress == 50)
    store.cancel(id: "a")
    #expect(await task.finish() == .cancelled(.explicit))
    await clock.run()
    let state = await store.state
    #expect(!state.isDownloading)
    #expect(state.progress == 0)
    #expect(state.files.isEmpty)
    #expect(state.cleanups == ["a (explicit)"])
    #expect(
      log.lines.filter { $0.hasPrefix("changed by cleanup") } == ["changed by cleanup of tracked(\"a\") (explicit)"])
  }

  @Test func theCleanupOfASupersededDownloadIsAChangeOfItsOwnBeforeTheNewestStarts() async {
    let (store, log, clock) = Downloader.observedStore()
    let first = store.send(.download("a"))
    await store.settleIntake()
    let second = store.send(.download("b"))
    #expect(await first.finish() == .cancelled(.superseded))
    await store.settleIntake()
    let changes = log.lines.filter { $0.hasPrefix("changed by") }
    #expect(
      changes == [
        "changed by download(\"a\")",
        "changed by cleanup of download(\"a\") (superseded)",
        "changed by download(\"b\")",
      ])
    await clock.run()
    #expect(await second.finish() == .completed)
    let state = await store.state
    #expect(state.files == ["b"])
    #expect(state.cleanups == ["a (superseded)"])
  }

  @Test func aHandlerCancelledTwiceIsCleanedUpOnce() async {
    let (store, _, clock) = Downloader.observedStore()
    let task = store.send(.tracked("a"))
    await store.settleIntake()
    store.withIntakeHeld {
      task.cancel()
      store.cancel(id: "a")
      task.cancel()
    }
    #expect(await task.finish() == .cancelled(.explicit))
    await clock.run()
    #expect(await store.state.cleanups == ["a (explicit)"])
  }

  @Test func aCancelledHandlersLaterWritesAreDroppedButItsCleanupLands() async {
    let (store, log, clock) = Downloader.observedStore()
    let task = store.send(.tracked("a"))
    await store.settleIntake()
    store.cancel(id: "a")
    #expect(await task.finish() == .cancelled(.explicit))
    await clock.run()
    #expect(await store.state.progress == 0)
    // The cancelled sleeps throw at once; the handler runs on to its end, and each of its writes is dropped.
    #expect(
      log.lines.filter { $0.hasPrefix("dropped") }
        == Array(repeating: "dropped write \\State.progress by tracked(\"a\")", count: 4) + [
          "dropped write \\State.files by tracked(\"a\")", "dropped write \\State.isDownloading by tracked(\"a\")",
        ])
  }

  @Test func stopCleansUpEveryStartedHandlerBeforeTheSubscribersEnd() async {
    let (store, log, _) = Downloader.observedStore()
    let values = store.values(\.isDownloading)
    let task = store.send(.tracked("a"))
    await store.settleIntake()
    #expect(await store.state.isDownloading)
    store.stop()
    #expect(await task.finish() == .cancelled(.storeStopped))
    var seen: [Bool] = []
    for await value in values { seen.append(value) }
    #expect(seen.last == false)
    #expect(await store.state.cleanups == ["a (store stopped)"])
    #expect(log.lines.last == "stopped")
  }

  @Test func aChildsCleanupRunsOnTheChildsStateAsAChangeOfTheRoot() async {
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: Shelf(), clock: clock)
    let task = store.send(.slot(.download("a")))
    await store.settleIntake()
    #expect(await store.state.slot.isDownloading)
    store.cancel(id: "a")  // the parent's id space: the child's download is not under it
    await store.settleIntake()
    #expect(await store.state.slot.isDownloading)
    store.send(.cancelSlot)
    #expect(await task.finish() == .cancelled(.explicit))
    let state = await store.state
    #expect(!state.slot.isDownloading)
    #expect(state.slot.cleanups == ["a (explicit)"])
    // The parent's handler cancelled it in its stretch: the child's cleanup is part of that handler's change.
    #expect(
      log.lines.filter { $0.hasPrefix("changed by") } == [
        "changed by slot(ActuateTests.Downloader.Action.download(\"a\"))", "changed by cancelSlot",
      ])
  }

  @Test func aChildThatGoesAwayIsNotCleanedUp() async {
    let clock = TestClock()
    let (store, _) = Store.observed(state: .init(), interactor: Shelf(), clock: clock)
    let task = store.send(.spare(.download("a")))
    await store.settleIntake()
    store.send(.removeSpare)
    #expect(await task.finish() == .cancelled(.childGone))
    #expect(await store.state.spare == nil)
  }
}

/// A parent with a downloader child always there and one that can be removed.
struct Shelf: Interactor {
  struct State: Equatable, Sendable {
    var slot = Downloader.State()
    var spare: Downloader.State? = .init()
  }

  enum Action: Equatable, Sendable {
    case slot(Downloader.Action)
    case spare(Downloader.Action)
    case cancelSlot
    case removeSpare
  }

  var children: [Child<Self>] {
    [
      .scope(\.slot, interactor: Downloader(), embed: Action.slot) {
        guard case .slot(let action) = $0 else { return nil }
        return action
      },
      .ifPresent(\.spare, interactor: Downloader(), embed: Action.spare) {
        guard case .spare(let action) = $0 else { return nil }
        return action
      },
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .slot, .spare: break
    case .cancelSlot: store.cancelChild(\.slot)
    case .removeSpare: store.spare = nil
    }
  }
}
