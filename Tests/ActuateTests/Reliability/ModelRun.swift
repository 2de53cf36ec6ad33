@testable import Actuate
import ActuateTesting
import Testing

/// Runs model steps through a store and the reference model, which must agree after every step on what
/// ran, how each action ended, and the state; then stops both and compares once more.
enum ModelRun {
  /// Returns `false` at the first disagreement, after recording an issue whose text `report` writes from the
  /// disagreement and the steps run so far. Under `schedule`, the store runs on a TestStore's executor, its
  /// jobs in the order the schedule picks.
  static func check(
    _ steps: [ModelStep], schedule: TestSchedule? = nil, report: (_ message: String, _ trace: String) -> String
  ) async -> Bool {
    let clock = TestClock()
    let store =
      if let schedule {
        Store(
          initialState: .init(), interactor: ModelInteractor(), clock: clock, hooks: [], observers: [],
          executor: TestExecutor(schedule: schedule))
      } else {
        Store(initialState: .init(), interactor: ModelInteractor(), clock: clock)
      }
    var model = ReferenceModel()
    var tasks: [ActionTask] = []
    // Taken now, so that the store's start is not taken with the first batch of commands held together.
    await store.settleIntake()
    var trace: [String] = []

    func compare(after step: String) async -> Bool {
      trace.append(step)
      for (number, task) in tasks.enumerated() {
        if let expected = model.outcomes[number] {
          guard let actual = await finishUnlessCancelled(task) else {
            return fail("job #\(number) never ended; the model says it ended \(expected)")
          }
          if actual != expected {
            return fail("job #\(number) ended \(actual), the model says \(expected)")
          }
        } else if let actual = task.outcome {
          return fail("job #\(number) ended \(actual), the model says it is still open")
        }
      }
      // A task's outcome is set inside its last stretch on the store: whatever that stretch starts next
      // (a queued serial action) has run once the store takes this call.
      await store.settleIntake()
      let log = await store.state.log
      if !model.allows(log) {
        return fail("log \(log), the model says \(model.log), any order of \(model.openOrders.map(\.segments))")
      }
      return true
    }

    func fail(_ message: String) -> Bool {
      Issue.record(Comment(rawValue: report(message, trace.joined(separator: "\n  "))))
      return false
    }

    for step in steps {
      switch step {
      case .send(let job):
        model.send(job)
        tasks.append(store.send(job))
      case .cancelGroup(let id):
        model.cancel(group: id)
        store.cancel(id: id)
      case .cancelJob(let number):
        model.cancel(job: number)
        tasks[number].cancel()
      case .advance(let ticks):
        model.advance(by: ticks)
        await store.settleIntake()
        await clock.advance(by: ReferenceModel.tick * ticks)
      case .batch(let commands):
        model.batch(commands)
        store.withIntakeHeld {
          for command in commands {
            switch command {
            case .send(let job): tasks.append(store.send(job))
            case .cancelGroup(let id): store.cancel(id: id)
            case .cancelJob(let number): tasks[number].cancel()
            }
          }
        }
      }
      await store.settleIntake()
      guard await compare(after: step.description) else {
        store.stop()
        return false
      }
    }
    model.stop()
    store.stop()
    return await compare(after: "stop")
  }

  /// `finish()` ignores the caller's cancellation; this wait ends when the time limit cancels the test, so
  /// a task that never ends fails its case instead of hanging the run.
  private static func finishUnlessCancelled(_ task: ActionTask) async -> ActionOutcome? {
    let (outcomes, continuation) = AsyncStream<ActionOutcome>.makeStream()
    let waiter = Task {
      continuation.yield(await task.finish())
      continuation.finish()
    }
    for await outcome in outcomes { return outcome }
    waiter.cancel()
    return nil
  }
}

extension ModelStep {
  /// How many jobs the step sends, so the next step's cancels can name them.
  var sentJobs: Int {
    switch self {
    case .send: 1
    case .batch(let commands): commands.count { if case .send = $0 { true } else { false } }
    case .cancelGroup, .cancelJob, .advance: 0
    }
  }
}
