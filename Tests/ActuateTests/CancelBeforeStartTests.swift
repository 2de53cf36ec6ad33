@testable import Actuate
import ActuateTesting
import Testing

/// Every path by which a cancel can reach an action before its handler starts: the handler never runs,
/// the action ends `.cancelled(reason)`, the log says so, and no cleanup runs (it set nothing up).
@Suite("Cancel before start")
struct CancelBeforeStartTests {
  @Test func anActionTaskCancelledWhileItsActionWaitsInTheIntakeNeverRuns() async {
    let (store, log, _) = Downloader.observedStore()
    await store.settleIntake()
    var task: ActionTask?
    store.withIntakeHeld {
      task = store.send(.download("a"))
      task?.cancel()
    }
    #expect(await task?.finish() == .cancelled(.explicit))
    let state = await store.state
    #expect(state.started.isEmpty)
    #expect(!state.isDownloading)
    #expect(state.cleanups.isEmpty)
    #expect(log.lines.contains("cancelled download(\"a\") (explicit)"))
    #expect(!log.lines.contains("started download(\"a\")"))
  }

  @Test func cancelByIDFromOutsideCatchesTheActionsSentBeforeIt() async {
    let (store, log, _) = Downloader.observedStore()
    await store.settleIntake()
    var task: ActionTask?
    store.withIntakeHeld {
      task = store.send(.download("a"))
      store.cancel(id: "download")
    }
    #expect(await task?.finish() == .cancelled(.explicit))
    #expect(await store.state.started.isEmpty)
    #expect(log.lines.contains("cancelled download(\"a\") (explicit)"))
  }

  @Test func anActionSentAfterTheCancelIsNotCaught() async {
    let (store, _, clock) = Downloader.observedStore()
    await store.settleIntake()
    var task: ActionTask?
    store.withIntakeHeld {
      store.cancel(id: "download")
      task = store.send(.download("a"))
    }
    await store.settleIntake()
    await clock.run()
    #expect(await task?.finish() == .completed)
    #expect(await store.state.files == ["a"])
  }

  @Test func aHandlerCancellingTheTaskOfWhatItJustSentMeansItNeverRuns() async {
    let (store, log, clock) = Downloader.observedStore()
    #expect(await store.sendAndWait(.sendAndCancelTask) == .completed)
    await store.settleIntake()
    await clock.run()
    let state = await store.state
    #expect(state.started.isEmpty)
    #expect(!state.isDownloading)
    #expect(log.lines.contains("cancelled download(\"never\") (explicit)"))
  }

  @Test func aHandlerCancellingAnIDCatchesWhatItSentUnderIt() async {
    let (store, log, clock) = Downloader.observedStore()
    #expect(await store.sendAndWait(.sendAndCancelID) == .completed)
    await store.settleIntake()
    await clock.run()
    #expect(await store.state.started.isEmpty)
    #expect(log.lines.contains("cancelled download(\"never\") (explicit)"))
  }

  @Test func aNewerActionThatSupersedesCatchesTheOlderOneInTheIntake() async {
    let (store, log, clock) = Downloader.observedStore()
    await store.settleIntake()
    var older: ActionTask?
    var newer: ActionTask?
    store.withIntakeHeld {
      older = store.send(.download("a"))
      newer = store.send(.download("b"))
    }
    #expect(await older?.finish() == .cancelled(.superseded))
    await store.settleIntake()
    await clock.run()
    #expect(await newer?.finish() == .completed)
    let state = await store.state
    #expect(state.started == ["b"])
    #expect(state.files == ["b"])
    #expect(state.cleanups.isEmpty)
    #expect(log.lines.contains("cancelled download(\"a\") (superseded)"))
  }

  /// Taken one at a time, the newer action supersedes the running one as it comes, and the cancel that
  /// follows finds it started: taken together, it is cancelled before it starts but still supersedes, so
  /// the outcome does not depend on whether the two reached the store in one batch.
  @Test func anActionCancelledBeforeItStartsStillSupersedesTheOneBefore() async {
    let (store, log, clock) = Downloader.observedStore()
    let running = store.send(.download("a"))
    await store.settleIntake()
    var newer: ActionTask?
    store.withIntakeHeld {
      newer = store.send(.download("b"))
      newer?.cancel()
    }
    #expect(await newer?.finish() == .cancelled(.explicit))
    await clock.run()
    #expect(await running.finish() == .cancelled(.superseded))
    #expect(await store.state.files == [])
    #expect(await store.state.started == ["a"])
    #expect(log.lines.contains("cancelled download(\"a\") (superseded)"))
  }

  @Test func stopCatchesWhatWaitsInTheIntake() async {
    let (store, log, _) = Downloader.observedStore()
    await store.settleIntake()
    var task: ActionTask?
    store.withIntakeHeld {
      task = store.send(.download("a"))
      store.stop()
    }
    #expect(await task?.finish() == .cancelled(.storeStopped))
    #expect(await store.state.started.isEmpty)
    #expect(
      log.lines.suffix(3) == [
        "cancelled download(\"a\") (store stopped)", "finished download(\"a\"): cancelled (store stopped)", "stopped",
      ])
  }

  @Test func aQueuedOrDelayedActionCancelledBeforeItStartsNeverRuns() async {
    let clock = TestClock()
    let store = Store(initialState: CounterInteractor.State(), interactor: CounterInteractor(), clock: clock)
    let delayed = store.send(.keyed("z", .debounce(.seconds(5))))
    await store.settleIntake()
    delayed.cancel()
    #expect(await delayed.finish() == .cancelled(.explicit))
    let running = store.send(.keyed("a", .serial))
    let queued = store.send(.keyed("b", .serial))
    await store.settleIntake()
    queued.cancel()
    #expect(await queued.finish() == .cancelled(.explicit))
    await clock.run()
    #expect(await running.finish() == .completed)
    #expect(await store.state.log == ["start a", "end a"])
  }
}

@Suite("Cancel before start: children")
struct ChildCancelBeforeStartTests {
  @Test func anActionForAChildThatGoesAwayBeforeTheActionIsTakenNeverRuns() async {
    let clock = TestClock()
    let warnings = Warnings()
    await warnings.collect {
      let (store, log) = Store.observed(
        state: .init(rows: [.init(id: 1)]), interactor: BoardInteractor(clock: clock), clock: clock)
      await store.settleIntake()
      var task: ActionTask?
      store.withIntakeHeld {
        store.send(.removeRow(1))
        task = store.send(.row(1, .increment))
      }
      #expect(await task?.finish() == .cancelled(.childGone))
      #expect(await store.state.rows.isEmpty)
      #expect(
        log.lines.filter { $0.hasPrefix("cancelled") } == [
          "cancelled row(1, ActuateTests.TallyInteractor.Action.increment) (child gone)"
        ])
      #expect(!log.lines.contains { $0.hasPrefix("started row(1") })
    }
    #expect(warnings.all.count == 1)
  }
}
