import Actuate
import Testing

/// One stretch, one change, whatever the priorities: a handler in a burst writes, has its task's priority
/// raised (as when a higher-priority task awaits it), yields, and writes again. A subscriber sees each
/// stretch's write as a change of its own: the values of `step` are 0, 1, 2, never 0, 2.
///
/// The burst is sent from a task of one priority, and the handler's task is raised above it (the handler
/// then outranks the rest of the store's work), or the burst is sent from `.high`, above everything else
/// the store runs (the store's work then outranks anything that could come between the stretches).
@Suite("Contract: the stretches of a handler are never merged into one change", .timeLimit(.minutes(1)))
struct ContractStretchesNeverMergeTests {
  /// A quarter under a sanitizer, which runs each ten times slower: the suite keeps its time limit.
  static let runs = Sanitizer.isActive ? 100 : 400

  @Test(arguments: Escalation.allCases)
  func eachStretchOfAHandlerInABurstIsAChangeOfItsOwn(escalation: Escalation) async {
    guard escalation.raisedTo == nil || canRaiseTheCurrentTasksPriority else { return }
    let runs = await ContractRuns.repeating(Self.runs) { runs in
      let store = Store(initialState: .init(), interactor: TwoStretches(), debug: .off)
      var steps = store.values(\.step).makeAsyncIterator()
      // The first value subscribes: every change from here on reaches this iterator.
      runs.expect(await steps.next(), is: 0, "the first value of step")
      let burst = [TwoStretches.Action.twoStretches(raisingTo: escalation.raisedTo), .quick, .quick]
      guard let tasks = await contractBurst(burst, to: store, priority: escalation.sender) else {
        return runs.expect(false, "the burst was not sent within \(contractWaitLimit)")
      }
      for task in tasks { runs.expect(await task.finish(), is: .completed, "an action's outcome") }
      // The change of the last stretch reaches the subscriber before its sequence ends.
      store.stop()
      var seen = [0]
      while let step = await steps.next() { seen.append(step) }
      runs.expect(seen, is: [0, 1, 2], "the values of step a subscriber saw")
    }
    #expect(runs.failedRuns == 0, "\(runs.summary(of: Self.runs))")
  }
}

/// The priority a burst is sent from, and the one its first handler's task is raised to between its writes.
enum Escalation: CaseIterable, Sendable, CustomTestStringConvertible {
  case fromLowRaisedToHigh, fromLowRaisedToMedium, fromMediumRaisedToHigh, fromLowNotRaised, fromHighNotRaised

  var sender: TaskPriority {
    switch self {
    case .fromLowRaisedToHigh, .fromLowRaisedToMedium, .fromLowNotRaised: .low
    case .fromMediumRaisedToHigh: .medium
    case .fromHighNotRaised: .high
    }
  }

  var raisedTo: TaskPriority? {
    switch self {
    case .fromLowRaisedToHigh, .fromMediumRaisedToHigh: .high
    case .fromLowRaisedToMedium: .medium
    case .fromLowNotRaised, .fromHighNotRaised: nil
    }
  }

  var testDescription: String {
    "sent from \(contractName(sender))" + (raisedTo.map { ", raised to \(contractName($0))" } ?? "")
  }
}

/// Whether this platform can raise a running task's priority (`UnsafeCurrentTask.escalatePriority(to:)`).
let canRaiseTheCurrentTasksPriority: Bool = {
  if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) { return true }
  return false
}()

/// Raises the current task's priority to `priority`, as a higher-priority task awaiting it would.
func raiseTheCurrentTasksPriority(to priority: TaskPriority) {
  if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
    withUnsafeCurrentTask { $0?.escalatePriority(to: priority) }
  }
}

/// A handler of two stretches, and one of one.
struct TwoStretches: Interactor {
  struct State: Equatable, Sendable {
    var step = 0
    var quick = 0
  }

  enum Action: Sendable {
    /// Writes `step = 1`, raises its task's priority if asked, yields, writes `step = 2`.
    case twoStretches(raisingTo: TaskPriority?)
    case quick
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .twoStretches(let priority):
      store.step = 1
      if let priority { raiseTheCurrentTasksPriority(to: priority) }
      await Task.yield()
      store.step = 2
    case .quick:
      store.quick += 1
    }
  }
}
