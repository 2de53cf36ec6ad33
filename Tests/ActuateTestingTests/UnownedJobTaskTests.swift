import Actuate
@testable import ActuateTesting
import Dispatch
import Foundation
import Testing

/// An executor that runs each job at once, on a queue of its own, and writes down the task of each.
private final class TaskRecordingExecutor: SerialExecutor {
  let tasks = Locked<[UInt64?]>([])
  /// Runs the jobs, one at a time.
  let queue = DispatchQueue(label: "TaskRecordingExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    tasks.withLock { $0.append(job.taskID) }
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}

private actor Recorder {
  let executor = TaskRecordingExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  /// Three stretches of one task on this actor: each continuation, resumed from another thread, enqueues
  /// the task here again. It is resumed on the executor's queue, after the job that suspends has returned:
  /// resumed sooner (from any other queue), the task may go on in the same job, and enqueue nothing.
  func hopTwice() async {
    for _ in 0..<2 {
      await withCheckedContinuation { continuation in executor.queue.async { continuation.resume() } }
    }
  }
}

@Suite("A job's task, as PCT reads it")
struct UnownedJobTaskTests {
  @Test func everyJobOfATaskNamesItAndTwoTasksDiffer() async {
    let recorder = Recorder()
    await Task { await recorder.hopTwice() }.value
    let first = recorder.executor.tasks.withLock { $0 }
    await Task { await recorder.hopTwice() }.value
    let both = recorder.executor.tasks.withLock { $0 }
    let second = Array(both.dropFirst(first.count))
    // The task's first job, and one job per resumption.
    #expect(first.count == 3)
    #expect(second.count == 3)
    #expect(first.allSatisfy { $0 != nil && $0 == first.first })
    #expect(second.allSatisfy { $0 != nil && $0 == second.first })
    #expect(first.first != second.first)
  }
}
