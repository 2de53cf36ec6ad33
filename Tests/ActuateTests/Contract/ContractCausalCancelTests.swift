import Actuate
import Testing

/// The causal rule for cancels, as a user sees it: a cancel (by id, by an id of `.also(id:)`, by a predicate
/// over several ids, or through an `ActionTask`'s `cancel()`) reaches the actions sent before it, never
/// one sent after it.
///
/// The scenario, from one task: `job(1)`, a cancel of the jobs, `job(2)`. Whatever the policy of the jobs:
/// - job 1 ends `.cancelled(.explicit)`: the cancel came first, and the first reason stays (a superseding
///   job 2 never turns it into `.superseded`). Its handler, if it started, never writes after the cancel,
///   and gets exactly one `onCancel`; if it had not started, it never starts and gets none.
/// - job 2 runs to its end: `.completed`, having written that it finished.
///
/// Whether job 1 starts before the cancel reaches it is left open when the three are taken as one batch (a
/// look ahead through the batch may cancel it before it starts). The scenario where job 1 is known to have
/// started first, then the cancel and job 2 are sent back to back, leaves nothing open.
@Suite("Contract: a cancel reaches what was sent before it, never what was sent after", .timeLimit(.minutes(1)))
struct ContractCausalCancelTests {
  /// A quarter under a sanitizer, which runs each ten times slower: the suite keeps its time limit (two of its
  /// 72 cases outlasted it under AddressSanitizer beside the rest of the suite, with 200).
  static let runs = Sanitizer.isActive ? 50 : 200

  @Test(arguments: JobPolicy.allCases, CancelKind.allCases)
  func aCancelSentBetweenTwoJobsFromOneTaskReachesOnlyTheFirst(policy: JobPolicy, cancel: CancelKind) async {
    let runs = await ContractRuns.repeating(Self.runs) { runs in
      let probe = JobProbe()
      let store = Store(
        initialState: .init(), interactor: CausalJobs(policy: policy, cancel: cancel, probe: probe), debug: .off)
      // One task, three sends back to back.
      let first = store.send(.job(1))
      if cancel == .byHandle { first.cancel() } else { store.send(.cancelJobs) }
      let second = store.send(.job(2))
      await check(first: first, second: second, store: store, firstSurelyStarted: false, &runs)
      store.stop()
    }
    #expect(runs.failedRuns == 0, "\(runs.summary(of: Self.runs))")
  }

  @Test(arguments: JobPolicy.allCases, CancelKind.allCases)
  func aCancelSentRightBeforeAJobReachesTheRunningOneAndNotTheNewOne(policy: JobPolicy, cancel: CancelKind) async {
    let runs = await ContractRuns.repeating(Self.runs) { runs in
      let probe = JobProbe()
      let store = Store(
        initialState: .init(), interactor: CausalJobs(policy: policy, cancel: cancel, probe: probe), debug: .off)
      let first = store.send(.job(1))
      guard await probe.firstStarted.wait() else {
        return runs.expect(false, "job 1 did not start within \(contractWaitLimit)")
      }
      // Job 1 runs; the cancel and job 2 are sent back to back.
      if cancel == .byHandle { first.cancel() } else { store.send(.cancelJobs) }
      let second = store.send(.job(2))
      await check(first: first, second: second, store: store, firstSurelyStarted: true, &runs)
      store.stop()
    }
    #expect(runs.failedRuns == 0, "\(runs.summary(of: Self.runs))")
  }

  @Test(arguments: JobPolicy.allCases, CancelKind.allCases)
  func aCancelSentBetweenTwoJobsFromAHandlerReachesOnlyTheFirst(policy: JobPolicy, cancel: CancelKind) async {
    let runs = await ContractRuns.repeating(Self.runs) { runs in
      let probe = JobProbe()
      let store = Store(
        initialState: .init(), interactor: CausalJobs(policy: policy, cancel: cancel, probe: probe), debug: .off)
      // The handler of `.script` sends the three, back to back, in one stretch.
      let script = store.send(.script)
      runs.expect(await script.finish(), is: .completed, "the script's outcome")
      guard let jobs = await probe.scriptsJobs.value() else {
        return runs.expect(false, "the script did not hand its jobs over within \(contractWaitLimit)")
      }
      await check(first: jobs.first, second: jobs.second, store: store, firstSurelyStarted: false, &runs)
      store.stop()
    }
    #expect(runs.failedRuns == 0, "\(runs.summary(of: Self.runs))")
  }

  private func check(
    first: ActionTask, second: ActionTask, store: Store<CausalJobs>, firstSurelyStarted: Bool,
    _ runs: inout ContractRuns
  ) async {
    runs.expect(await second.finish(), is: .completed, "job 2's outcome")
    runs.expect(await first.finish(), is: .cancelled(.explicit), "job 1's outcome")
    let state = await store.state
    runs.expect(state.finished, is: [2], "the jobs that finished")
    if firstSurelyStarted {
      runs.expect(state.started, is: [1, 2], "the jobs that started")
      runs.expect(state.cleanedUp, is: [1], "the jobs cleaned up")
    } else {
      // Job 1 started or not (left open for a batch); job 2 started once, last.
      runs.expect(state.started.filter { $0 != 1 }, is: [2], "the jobs other than job 1 that started")
      runs.expect(state.started.last, is: 2, "the last job to start")
      // A started handler that is cancelled is cleaned up once; one cancelled before it started, never.
      runs.expect(state.cleanedUp, is: state.started.filter { $0 == 1 }, "the jobs cleaned up")
    }
  }
}

/// The policy the jobs run under, every one under which job 2, sent after the cancel, must run.
///
/// `.dropNew(id:)` (a limit of one that drops the new) is not among them: a cancelled job 1 that had started
/// holds its place until its handler returns, so a job 2 sent right after the cancel may find the place
/// still held, and be dropped. A limit of two has room for job 2 whatever job 1 still holds.
enum JobPolicy: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case serial, concurrent, cancelPrevious, limitOfTwoWaiting, limitOfTwoCancellingOldest, limitOfTwoDroppingNew

  func policy(id: some Hashable & Sendable) -> ActionPolicy {
    switch self {
    case .serial: .serial(id: id)
    case .concurrent: .concurrent(id: id)
    case .cancelPrevious: .cancelPrevious(id: id)
    case .limitOfTwoWaiting: .limit(id: id, max: 2, whenFull: .wait)
    case .limitOfTwoCancellingOldest: .limit(id: id, max: 2, whenFull: .cancelOldest)
    case .limitOfTwoDroppingNew: .limit(id: id, max: 2, whenFull: .dropNew)
    }
  }

  var testDescription: String { rawValue }
}

/// How the jobs are cancelled.
enum CancelKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// `.cancelJobs`'s handler calls `store.cancel(id:)` with the id the jobs' policy acts under.
  case byPolicyID
  /// The jobs are also under `EveryJob()` (`.also(id:)`); `.cancelJobs`'s handler cancels that id.
  case byAlsoID
  /// Each job is also under a `JobTag` of its own; `.cancelJobs`'s handler cancels every tag, with
  /// `store.cancel(ids:where:)`.
  case byPredicate
  /// Job 1's `ActionTask` is cancelled, by the task that sent it, or in the handler that sent it.
  case byHandle

  var testDescription: String { rawValue }
}

private struct JobsID: Hashable, Sendable {}
private struct EveryJob: Hashable, Sendable {}
private struct JobTag: Hashable, Sendable {
  let number: Int
}

/// What the jobs tell the test: job 1 started; the handles of the jobs a `.script` sent.
final class JobProbe: Sendable {
  let firstStarted = ContractSignal()
  let scriptsJobs = ContractBox<(first: ActionTask, second: ActionTask)>()
}

/// Jobs under one id: job 1 runs until it is cancelled, any other returns at once.
struct CausalJobs: Interactor {
  struct State: Equatable, Sendable {
    var started: [Int] = []
    var finished: [Int] = []
    var cleanedUp: [Int] = []
  }

  enum Action: Sendable {
    case job(Int)
    /// Cancels the jobs as `cancel` says (not for `.byHandle`).
    case cancelJobs
    /// Sends `job(1)`, cancels it (by `.cancelJobs`, or its handle), sends `job(2)`: all in one stretch.
    case script
  }

  let policy: JobPolicy
  let cancel: CancelKind
  let probe: JobProbe

  func policy(for action: Action) -> ActionPolicy {
    guard case .job(let number) = action else { return .concurrent }
    let policy = policy.policy(id: JobsID())
    switch cancel {
    case .byPolicyID, .byHandle: return policy
    case .byAlsoID: return policy.also(id: EveryJob())
    case .byPredicate: return policy.also(id: JobTag(number: number))
    }
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .job(let number):
      store.started.append(number)
      if number == 1 {
        probe.firstStarted.fire()
        // Dropped once cancelled: the write below never lands if the cancel reaches this job.
        _ = await contractUntilCancelled()
      }
      store.finished.append(number)
    case .cancelJobs:
      switch cancel {
      case .byPolicyID: store.cancel(id: JobsID())
      case .byAlsoID: store.cancel(id: EveryJob())
      case .byPredicate: store.cancel(ids: JobTag.self, where: { _ in true })
      case .byHandle: Issue.record("cancelJobs is not sent when cancelling by handle")
      }
    case .script:
      let first = store.send(.job(1))
      if cancel == .byHandle { first.cancel() } else { store.send(.cancelJobs) }
      let second = store.send(.job(2))
      probe.scriptsJobs.set((first, second))
    }
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    if case .job(let number) = action { store.cleanedUp.append(number) }
  }
}
