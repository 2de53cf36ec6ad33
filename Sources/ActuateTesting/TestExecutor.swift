import Actuate
import Dispatch

/// The executor a ``TestStore`` owns: its store, the store's children and every task they start run here,
/// one job at a time, and so does whatever those tasks call that is not isolated elsewhere.
///
/// Jobs made runnable by the jobs that run here (a handler resuming, a drain a handler's send set off) run
/// in the order ``TestSchedule`` picks: by default, the order they became runnable. Jobs from outside (the
/// test's own calls into the store, a clock the test advances, a callback from another thread) wait until
/// none of those is left, and then run in the order they came: whatever the test does, it does between two
/// quiet moments of the store, so a seed's picks replay exactly. Nothing here is global: each TestStore has
/// its own, so tests running in parallel never touch each other's.
package final class TestExecutor: OwnedExecutor {
  /// A job, and whether it was enqueued to run isolated to the store, or nonisolated code of a task that
  /// prefers this executor.
  struct Job {
    let job: UnownedJob
    let isIsolated: Bool
    /// The job's task, read only for a schedule that ranks tasks (``TestSchedule/pct(seed:depth:steps:)``).
    var task: UInt64? = nil
  }

  private struct State {
    var runnable: [Job] = []
    /// Jobs enqueued from outside the executor's own thread, and the end of a hold, in the order they came.
    var fromOutside: [Arrival] = []
    /// Whether `runnable` waits for the test's next job (``hold()``): each job that comes from outside then
    /// lands at a point of the held work the schedule picks.
    var isHolding = false
    /// Jobs enqueued while `startNow` makes a task, one list per `startNow` under way: run at once.
    var starting: [[Job]] = []
    /// Picks from `runnable` in a row while `fromOutside` waits: a store that never goes quiet (a task that
    /// yields in a loop) still lets the test in after `patience` picks.
    var picksWhileOutsideWaits = 0
    var isRunning = false
    var picker: TestSchedule.Picker
    var idleWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    var nextWaiter: UInt64 = 0
    /// Jobs run since the waiters now waiting started to wait.
    var jobsWhileWaited = 0
  }

  /// What comes from outside: a job, or the test's end of a hold, which must come after the test's jobs.
  enum Arrival {
    case job(Job)
    case release
  }

  /// The thread the jobs run on, one after another.
  private let queue = DispatchQueue(label: "Actuate.TestExecutor")
  /// Marks `queue`, so that `enqueue` tells a job made by a job from one that comes from outside.
  private static let onQueue = DispatchSpecificKey<Bool>()
  private static var patience: Int { 10_000 }
  /// How many jobs in a row ``untilIdle()`` waits through before it gives up: a store that never pauses
  /// (a task that yields in a loop) would hold it for ever.
  private static var busyLimit: Int { 1_000_000 }
  private let state: Locked<State>
  /// Whether each job's task is read as it comes: only the schedules that rank tasks pay for it.
  private let readsTasks: Bool
  /// The task executor the store's tasks prefer: another object than this one, so that a job of
  /// nonisolated code is told from one isolated to the store, and runs as such. Run isolated to the store,
  /// a nonisolated call's job would return to the store without a hop, and two stretches that are two
  /// changes in a running app would be one in the test.
  ///
  /// Set once, at the end of `init` (it refers back to this executor), before anything can read it.
  nonisolated(unsafe) private(set) var taskSide: TaskSide!

  package init(schedule: TestSchedule) {
    let picker = schedule.picker()
    readsTasks = picker.needsTasks
    state = Locked(State(picker: picker))
    queue.setSpecific(key: Self.onQueue, value: true)
    taskSide = TaskSide(owner: self)
  }

  /// The store's tasks' preferred executor, which hands their nonisolated jobs to the ``TestExecutor``.
  final class TaskSide: TaskExecutor {
    /// Weak: the executor holds this, and a task holds its preference for as long as it lives.
    weak let owner: TestExecutor?

    init(owner: TestExecutor) {
      self.owner = owner
    }

    func enqueue(_ job: consuming ExecutorJob) {
      guard let owner else {
        // The TestStore and its store are gone, and a task of theirs runs on: it ends on the runtime's executor.
        return globalConcurrentExecutor.enqueue(job)
      }
      owner.enqueue(Job(job: UnownedJob(job), isIsolated: false))
    }

    func asUnownedTaskExecutor() -> UnownedTaskExecutor {
      UnownedTaskExecutor(ordinary: self)
    }
  }

  private var isOnQueue: Bool { DispatchQueue.getSpecific(key: Self.onQueue) == true }

  package func enqueue(_ job: consuming ExecutorJob) {
    enqueue(Job(job: UnownedJob(job), isIsolated: true))
  }

  private func enqueue(_ job: Job) {
    var job = job
    if readsTasks { job.task = job.job.taskID }
    let isOwn = isOnQueue
    let startsRunning = state.withLock { state in
      if isOwn, !state.starting.isEmpty {
        state.starting[state.starting.count - 1].append(job)
        return false
      }
      if isOwn {
        state.runnable.append(job)
      } else {
        state.fromOutside.append(.job(job))
      }
      guard !state.isRunning else { return false }
      state.isRunning = true
      return true
    }
    if startsRunning { queue.async { self.runUntilIdle() } }
  }

  package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  func asUnownedTaskExecutor() -> UnownedTaskExecutor {
    taskSide.asUnownedTaskExecutor()
  }

  /// Makes the task and runs its first stretch here and now, nested in the job that calls this (the
  /// store's), as `Task.immediate` does.
  package func startNow(_ operation: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
    guard isOnQueue else { return Task(executorPreference: taskSide, operation: operation) }
    state.withLock { $0.starting.append([]) }
    let task = Task(executorPreference: taskSide, operation: operation)
    let first = state.withLock { $0.starting.removeLast() }
    // The operation is isolated to the store; handed to the task executor, it would first hop there. Run
    // isolated, as `Task.immediate` starts a task already on its caller's executor, it starts in place.
    for job in first { run(Job(job: job.job, isIsolated: true)) }
    return task
  }

  private func run(_ job: Job) {
    if job.isIsolated {
      job.job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    } else {
      job.job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  /// Runs jobs, as the schedule picks them, until none is runnable; then wakes those waiting for that.
  private func runUntilIdle() {
    while true {
      let (next, gaveUp) = nextJob()
      for waiter in gaveUp { waiter.resume(returning: false) }
      guard let next else { break }
      run(next)
    }
    let waiters = state.withLock { state in
      // A job enqueued from elsewhere since the last pick started a new run: it wakes them when it ends.
      guard !state.isRunning else { return [CheckedContinuation<Bool, Never>]() }
      defer { state.idleWaiters = [:] }
      return Array(state.idleWaiters.values)
    }
    for waiter in waiters { waiter.resume(returning: true) }
  }

  /// The next job to run, under one lock with the count of jobs run while someone waits for idleness:
  /// those who have waited through `busyLimit` jobs are handed back, to be told the store never paused.
  private func nextJob() -> (job: Job?, gaveUp: [CheckedContinuation<Bool, Never>]) {
    state.withLock { state in
      var gaveUp: [CheckedContinuation<Bool, Never>] = []
      if !state.idleWaiters.isEmpty {
        state.jobsWhileWaited += 1
        if state.jobsWhileWaited >= Self.busyLimit {
          gaveUp = Array(state.idleWaiters.values)
          state.idleWaiters = [:]
        }
      }
      while case .release = state.fromOutside.first {
        state.fromOutside.removeFirst()
        state.isHolding = false
      }
      if state.isHolding {
        let next = Self.nextWhileHolding(&state)
        if next == nil { state.isRunning = false }
        return (next, gaveUp)
      }
      if case .job(let job) = state.fromOutside.first,
        state.runnable.isEmpty || state.picksWhileOutsideWaits >= Self.patience
      {
        state.picksWhileOutsideWaits = 0
        state.fromOutside.removeFirst()
        return (job, gaveUp)
      }
      guard !state.runnable.isEmpty else {
        state.isRunning = false
        return (nil, gaveUp)
      }
      if !state.fromOutside.isEmpty { state.picksWhileOutsideWaits += 1 }
      return (state.runnable.remove(at: state.picker.pick(among: state.runnable)), gaveUp)
    }
  }

  /// While holding, nothing runs until something comes from outside (the test's next call); then the
  /// schedule picks among that arrival and the held jobs, until it picks the arrival. The arrival is the
  /// first candidate, so that ``TestSchedule/inOrder`` lands the test's job before any held one.
  private static func nextWhileHolding(_ state: inout State) -> Job? {
    guard case .job(let arrival) = state.fromOutside.first else { return nil }
    let pick = state.picker.pick(among: [arrival] + state.runnable)
    guard pick > 0 else {
      state.fromOutside.removeFirst()
      return arrival
    }
    return state.runnable.remove(at: pick - 1)
  }

  /// From now on, the jobs the store's own jobs make runnable wait for the test's next call, and the
  /// schedule picks where among them that call lands; call it while the store is quiet. The jobs run only
  /// that way until ``release()``.
  func hold() {
    state.withLock { $0.isHolding = true }
  }

  /// Ends the hold, after every job that came from outside before this call: the held jobs run on, as the
  /// schedule picks, and ``untilIdle()`` waits for them.
  func release() {
    let startsRunning = state.withLock { state in
      state.fromOutside.append(.release)
      guard !state.isRunning else { return false }
      state.isRunning = true
      return true
    }
    if startsRunning { queue.async { self.runUntilIdle() } }
  }

  /// Returns `true` once no job is runnable or running; `false` if the calling task is cancelled, or if the
  /// store ran a million jobs in a row without a pause. Called from outside the executor (the test's own
  /// task); it never hops onto the store.
  @discardableResult
  func untilIdle() async -> Bool {
    let id = state.withLock { state in
      state.nextWaiter &+= 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow: Bool? = state.withLock { state in
          guard !Task.isCancelled else { return false }
          guard state.isRunning else { return true }
          if state.idleWaiters.isEmpty { state.jobsWhileWaited = 0 }
          state.idleWaiters[id] = continuation
          return nil
        }
        if let resumeNow { continuation.resume(returning: resumeNow) }
      }
    } onCancel: {
      state.withLock { $0.idleWaiters.removeValue(forKey: id) }?.resume(returning: false)
    }
  }
}

extension TestSchedule.Picker {
  /// The index of the job to run among `jobs`: their tasks are read only when the schedule ranks tasks.
  mutating func pick(among jobs: [TestExecutor.Job]) -> Int {
    guard needsTasks else { return pick(among: jobs.count) }
    return pick(among: jobs.count) { jobs[$0].task }
  }
}
