/// What a store has handed to its own tasks that has not come back yet, and which of its tasks sleep on a
/// clock: the facts that say whether a store is idle.
///
/// A resumed task goes through the global executor before it is back on the store, so no round trip
/// through the store can tell that a hook is about to react to a change, or that a task a test clock woke
/// is about to run. This tracker can. Two kinds of hand-off are counted, by the record of the task that
/// took them: a value handed to a hook that has not asked for the next one yet, and a wake-up a test clock
/// handed a sleeper that has not slept again, ended or asked for its next value yet. A hand-off whose task
/// sleeps on a clock does not keep the store busy: only moving the clock can move it (a hook that awaits
/// the clock between elements, say).
///
/// One per root store, shared by its children and reachable from every record of the store.
package final class DeliveryTracker: Sendable {
  private struct State {
    /// Values handed to hooks and not yet come back, by the consumer's record.
    var delivering: [ObjectIdentifier: (record: TaskRecord, count: Int)] = [:]
    /// Tasks a test clock woke that have not slept again, ended or asked for a value yet.
    var woken: [ObjectIdentifier: TaskRecord] = [:]
    /// Tasks sleeping on a clock now, with how many sleeps (a task's child tasks share its record).
    var parked: [ObjectIdentifier: Int] = [:]
    /// Tasks whose end calls ``ended(_:)`` already (see ``watchEnd(_:)``).
    var endWatched: Set<ObjectIdentifier> = []
    /// Bumped on every change, so a waiter misses none between a check and a wait.
    var generation: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter: UInt64 = 0

    func isIdle(ignoring ignored: Set<UInt64>) -> Bool {
      woken.values.allSatisfy { ignored.contains($0.number) }
        && delivering.allSatisfy { parked[$0.key] != nil || ignored.contains($0.value.record.number) }
    }

    /// Records the change and takes the waiters to resume.
    mutating func changed() -> [CheckedContinuation<Void, Never>] {
      generation &+= 1
      guard !waiters.isEmpty else { return [] }
      defer { waiters = [:] }
      return Array(waiters.values)
    }
  }

  private let state = Locked(State())
  /// How many wake-ups a test clock has handed this store's tasks: while none has, a hook taking an element
  /// has nothing to report, and asks no lock.
  private let wakes = AtomicCounter()

  init() {}

  // MARK: Hand-offs

  /// A value was handed to the hook whose record is `consumer`.
  func begin(_ consumer: TaskRecord) {
    state.withLock { $0.delivering[ObjectIdentifier(consumer), default: (consumer, 0)].count += 1 }
  }

  /// The hook `consumer` is back for its next value (or gone): its reaction to the last one is over.
  func end(_ consumer: TaskRecord) {
    let consumer = ObjectIdentifier(consumer)
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      if let entry = state.delivering[consumer] {
        state.delivering[consumer] = entry.count > 1 ? (entry.record, entry.count - 1) : nil
      }
      state.woken[consumer] = nil
      return state.changed()
    }
    for waiter in waiters { waiter.resume() }
  }

  /// A hook waits for its next value from the store, or has taken an element of its sequence: a wake-up it
  /// was handed has come back (what it does with the element runs on the store, which settling waits for).
  func awaitsNext(_ consumer: TaskRecord) {
    guard wakes.current != 0 else { return }
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard state.woken.removeValue(forKey: ObjectIdentifier(consumer)) != nil else { return [] }
      return state.changed()
    }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Sleeping on a clock

  /// The task whose record is `record` sleeps on a clock now; a wake-up it was handed has come back.
  package func park(_ record: ObjectIdentifier) {
    update { state in
      state.parked[record, default: 0] += 1
      state.woken[record] = nil
    }
  }

  /// The task whose record is `record` no longer sleeps on a clock (it was cancelled, or its sleep ended).
  package func unpark(_ record: ObjectIdentifier) {
    update { state in
      if let count = state.parked[record] {
        state.parked[record] = count > 1 ? count - 1 : nil
      }
    }
  }

  /// A test clock woke the task whose record is `record`: the store is busy until that task sleeps again,
  /// ends (``ended(_:)``) or asks a hook's sequence for its next value.
  ///
  /// Returns `false`, marking nothing, when more than one task sleeps under the record (a handler's child
  /// tasks, or a timer started from its stretch): which of them woke, and when it is done, cannot be told.
  package func woke(_ record: TaskRecord) -> Bool {
    _ = wakes.next()
    let key = ObjectIdentifier(record)
    var marked = false
    update { state in
      let count = state.parked[key] ?? 0
      state.parked[key] = count > 1 ? count - 1 : nil
      if count <= 1 {
        state.woken[key] = record
        marked = true
      }
    }
    return marked
  }

  /// The task whose record is `record` has ended: nothing it was handed is outstanding any more.
  package func ended(_ record: ObjectIdentifier) {
    update { state in
      state.woken[record] = nil
      state.parked[record] = nil
      state.delivering[record] = nil
      state.endWatched.remove(record)
    }
  }

  /// Calls ``ended(_:)`` when `record` ends, which wakes whoever waits for a change, once however often it
  /// is asked: a test clock waking a hook's task at every tick, or every wait until the store is idle, would
  /// otherwise leave a handler on the record each time, kept until the task ends.
  package func watchEnd(_ record: TaskRecord) {
    let key = ObjectIdentifier(record)
    guard state.withLock({ $0.endWatched.insert(key).inserted }) else { return }
    record.onEnd { [self] in ended(key) }
  }

  private func update(_ body: (inout State) -> Void) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      body(&state)
      return state.changed()
    }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Reading and waiting

  /// Whether the task whose record is `record` sleeps on a clock now.
  package func isParked(_ record: ObjectIdentifier) -> Bool {
    state.withLock { $0.parked[record] != nil }
  }

  /// Whether the task whose record is `record` holds a value or a wake-up it was handed.
  package func isBusy(_ record: ObjectIdentifier) -> Bool {
    state.withLock { $0.delivering[record] != nil || $0.woken[record] != nil }
  }

  /// The tasks that hold a hand-off and do not sleep on a clock: what keeps the store from being idle.
  package var busyRecords: [TaskRecord] {
    state.withLock { state in
      Array(state.woken.values)
        + state.delivering.filter { state.parked[$0.key] == nil && state.woken[$0.key] == nil }.map(\.value.record)
    }
  }

  /// The current generation, for ``waitForChange(after:)``.
  package var generation: UInt64 { state.withLock { $0.generation } }

  /// Returns once nothing handed out is outstanding, except by tasks that sleep on a clock or are numbered
  /// in `ignored`; at once if the calling task is cancelled.
  func waitUntilIdle(ignoring ignored: Set<UInt64> = []) async {
    while !Task.isCancelled {
      let generation = state.withLock { $0.isIdle(ignoring: ignored) ? nil : $0.generation }
      guard let generation else { return }
      await waitForChange(after: generation)
    }
  }

  /// Returns once something has changed since `generation` was read; at once if the calling task is
  /// cancelled.
  package func waitForChange(after generation: UInt64) async {
    let id = state.withLock { state -> UInt64 in
      state.nextWaiter &+= 1
      return state.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = state.withLock { state in
          if state.generation != generation || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }
}
