import Actuate
import Testing

/// The action behind a suspended handler starts without waiting for that handler to resume, as it would
/// with a task of its own.
@Suite("Contract: a suspended handler never holds up the action behind it", .timeLimit(.minutes(1)))
struct ContractSuspendedHandlerTests {
  /// A quarter under a sanitizer, which runs each ten times slower: the suite keeps its time limit.
  static let runs = Sanitizer.isActive ? 50 : 200

  /// `[twoStretches, quick]` sent back to back: `twoStretches` waits, after its first stretch, until `quick`
  /// has started. `quick` must start: a failure here is the store waiting for `twoStretches` to resume
  /// before starting `quick`, which it never would (the wait is bounded, and fails the run).
  @Test(arguments: [TaskPriority.low, .medium, .high])
  func theActionBehindAHandlerWaitingForItStarts(sentFrom priority: TaskPriority) async {
    let runs = await ContractRuns.repeating(Self.runs, stopAtFirstFailure: true) { runs in
      let probe = SuspendingProbe()
      let store = Store(initialState: .init(), interactor: Suspending(probe: probe), debug: .off)
      guard let tasks = await contractBurst([.twoStretches, .quick], to: store, priority: priority) else {
        return runs.expect(false, "the burst was not sent within \(contractWaitLimit)")
      }
      runs.expect(
        await probe.quickStarted.wait(),
        "quick did not start within \(contractWaitLimit) while twoStretches waited for it")
      for task in tasks { runs.expect(await task.finish(), is: .completed, "an action's outcome") }
      let state = await store.state
      runs.expect(state.started, is: ["twoStretches", "quick"], "the handlers that started")
      runs.expect(state.finished, is: ["quick", "twoStretches"], "the handlers that finished")
      runs.expect(state.quickHadStartedWhenResumed, is: [true], "what twoStretches saw as it resumed")
      store.stop()
    }
    #expect(runs.failedRuns == 0, "\(runs.summary(of: Self.runs))")
  }

  /// `[yieldingOnce, quick]`, both sent before the store takes either, from tasks of one priority (so that
  /// nothing outranks anything else), with `yieldingOnce`'s second stretch ready to run as soon as it has
  /// yielded.
  ///
  /// With a task of its own per action, the store takes both in one go and queues `quick`'s start before
  /// `yieldingOnce` even yields, so `quick` starts before `yieldingOnce`'s second stretch: the store must do
  /// no worse, and `yieldingOnce` sees `quick` started as it resumes.
  ///
  /// The two are sent before the store takes either in two ways, both in one stretch of a handler, so that
  /// the store is busy as they are sent: with the handler's `store.send`, or with the `Store`'s own `send`,
  /// the one outside code calls (as a burst from outside that reaches a busy store).
  @Test(arguments: [BothSent.byAHandler, .fromOutsideWhileTheStoreIsBusy], [TaskPriority.low, .medium, .high])
  func theActionBehindAHandlerThatYieldsStartsBeforeItResumes(sent: BothSent, from priority: TaskPriority) async {
    let runs = await ContractRuns.repeating(Self.runs) { runs in
      let probe = SuspendingProbe()
      let store = Store(initialState: .init(), interactor: Suspending(probe: probe), debug: .off)
      probe.outside.set(store)
      let script: Suspending.Action = sent == .byAHandler ? .script : .scriptSendingFromOutside
      guard let tasks = await contractBurst([script], to: store, priority: priority) else {
        return runs.expect(false, "the script was not sent within \(contractWaitLimit)")
      }
      guard let sentByScript = await probe.scriptsActions.value() else {
        return runs.expect(false, "the script did not hand its actions over within \(contractWaitLimit)")
      }
      for task in tasks + sentByScript { runs.expect(await task.finish(), is: .completed, "an action's outcome") }
      let state = await store.state
      runs.expect(state.started, is: ["script", "yieldingOnce", "quick"], "the handlers that started")
      runs.expect(state.finished, is: ["quick", "yieldingOnce"], "the handlers that finished")
      runs.expect(state.quickHadStartedWhenResumed, is: [true], "what yieldingOnce saw as it resumed")
      store.stop()
    }
    #expect(runs.failedRuns == 0, "\(runs.summary(of: Self.runs))")
  }
}

/// How two actions come to be sent before the store takes either.
enum BothSent: String, Sendable, CustomTestStringConvertible {
  case byAHandler, fromOutsideWhileTheStoreIsBusy

  var testDescription: String { rawValue }
}

final class SuspendingProbe: Sendable {
  let quickStarted = ContractSignal()
  let scriptsActions = ContractBox<[ActionTask]>()
  /// The store, for a handler to send to as outside code does; held weakly, as outside code would not
  /// keep it alive from inside.
  let outside = WeakStore<Suspending>()
}

/// Handlers that suspend between two stretches, one that returns at once, and scripts that send.
struct Suspending: Interactor {
  struct State: Equatable, Sendable {
    var started: [String] = []
    var finished: [String] = []
    /// What each suspending handler saw as it resumed: whether `quick` had started.
    var quickHadStartedWhenResumed: [Bool] = []
  }

  enum Action: Sendable {
    /// Waits, after its first stretch, until `quick` has started (or a time limit has passed).
    case twoStretches
    /// Yields once between its two stretches.
    case yieldingOnce
    case quick
    /// Sends `yieldingOnce` and `quick`, back to back, with the handler's `store.send`.
    case script
    /// Sends `yieldingOnce` and `quick`, back to back, with the `Store`'s `send`, as outside code does.
    case scriptSendingFromOutside
  }

  let probe: SuspendingProbe

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .twoStretches:
      store.started.append("twoStretches")
      store.quickHadStartedWhenResumed.append(await probe.quickStarted.wait())
      store.finished.append("twoStretches")
    case .yieldingOnce:
      store.started.append("yieldingOnce")
      await Task.yield()
      store.quickHadStartedWhenResumed.append(store.started.contains("quick"))
      store.finished.append("yieldingOnce")
    case .quick:
      store.started.append("quick")
      probe.quickStarted.fire()
      store.finished.append("quick")
    case .script:
      store.started.append("script")
      probe.scriptsActions.set([store.send(.yieldingOnce), store.send(.quick)])
    case .scriptSendingFromOutside:
      store.started.append("script")
      guard let outside = probe.outside.store else {
        Issue.record("the store is gone")
        return
      }
      probe.scriptsActions.set([outside.send(.yieldingOnce), outside.send(.quick)])
    }
  }
}
