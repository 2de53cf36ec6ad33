/// Saves a store's state after its changes, off the store: at most one save in flight, and each save
/// takes the newest state, so a burst of changes costs a few writes and never waits on the disk.
///
/// The store hands it each state it publishes (`accept`), which costs a lock and, when no save is in
/// flight, the start of one task. That task saves until no newer state is waiting, then ends; nothing
/// cancels it, since a save cut short is a change lost, and it ends by itself once the storage answers.
final class Persister<State: Sendable>: Sendable {
  private struct Waiter {
    let id: UInt64
    let generation: UInt64
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Progress {
    /// The newest state accepted and not yet taken by a save.
    var pending: State?
    /// How many states were accepted: the generation of the newest.
    var accepted: UInt64 = 0
    /// The newest generation that is durable.
    var saved: UInt64 = 0
    /// The newest failed save, while nothing newer has been saved: its generation, error and state.
    var failed: (generation: UInt64, error: any Error, state: State)?
    var saving = false
    var waiters: [Waiter] = []
    var nextWaiter: UInt64 = 0
    /// Called once no save is in flight: a normal exit waits for them.
    var idleCallbacks: [@Sendable () -> Void] = []
    /// The bytes last written, so an unchanged part (the rest of the state changed) is not written again.
    var lastWritten: StoredState?
    var stop = StopProgress.running
  }

  enum StopProgress {
    case running, requested, finished
  }

  let storage: any StateStorage
  private let encode: @Sendable (State) throws -> StoredState
  let storeID: StoreID
  private let warnings: WarningRoute
  /// Why this store saves nothing, if it does not: it could not set aside saved state it could not use.
  private let refusal: PersistenceError?
  private let progress = Locked(Progress())

  init(
    storage: any StateStorage, encode: @escaping @Sendable (State) throws -> StoredState, storeID: StoreID,
    warnings: WarningRoute, refusal: PersistenceError?, lastWritten: StoredState?
  ) {
    self.storage = storage
    self.encode = encode
    self.storeID = storeID
    self.warnings = warnings
    self.refusal = refusal
    progress.withLock { $0.lastWritten = lastWritten }
    PersistenceExit.track(self)
  }

  /// The newest generation accepted: what waiting for durability "as of now" waits for.
  var accepted: UInt64 { progress.withLock { $0.accepted } }

  /// Takes the state a change published, on the store's executor.
  func accept(_ state: State) {
    guard refusal == nil else { return }
    let starts = progress.withLock { progress in
      progress.pending = state
      progress.accepted += 1
      guard !progress.saving else { return false }
      progress.saving = true
      return true
    }
    if starts { startSaving() }
  }

  /// Returns once every state up to `generation` is durable; throws the storage's error when the save that
  /// would have covered it failed, after trying that save once more.
  func waitUntilSaved(through generation: UInt64) async throws {
    if let refusal { throw refusal }
    let id = progress.withLock { progress in
      progress.nextWaiter += 1
      return progress.nextWaiter
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (resume, starts) = progress.withLock { progress -> (Result<Void, any Error>?, Bool) in
          if progress.saved >= generation { return (.success(()), false) }
          // Cancelled before the waiter is listed: the cancellation handler found nothing to resume.
          if Task.isCancelled { return (.failure(CancellationError()), false) }
          progress.waiters.append(Waiter(id: id, generation: generation, continuation: continuation))
          return (nil, Self.retryFailed(&progress))
        }
        if let resume { continuation.resume(with: resume) }
        if starts { startSaving() }
      }
    } onCancel: {
      let waiter = progress.withLock { progress -> Waiter? in
        guard let index = progress.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return progress.waiters.remove(at: index)
      }
      waiter?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Calls `done` once no save is in flight or waiting, retrying a failed one first: a normal exit.
  func whenSaved(_ done: @escaping @Sendable () -> Void) {
    let (now, starts) = progress.withLock { progress -> (Bool, Bool) in
      let starts = Self.retryFailed(&progress)
      if !progress.saving { return (true, false) }
      progress.idleCallbacks.append(done)
      return (false, starts)
    }
    if starts { startSaving() }
    if now { done() }
  }

  /// The store was asked to stop: a normal exit waits for its last state.
  func stopRequested() {
    let first = progress.withLock { progress in
      guard progress.stop == .running else { return false }
      progress.stop = .requested
      return true
    }
    if first { PersistenceExit.stopping.enter() }
  }

  /// The store stopped: it has handed over its last state.
  func stopped() {
    let requested = progress.withLock { progress in
      defer { progress.stop = .finished }
      return progress.stop == .requested
    }
    if requested { PersistenceExit.stopping.leave() }
  }

  /// Puts a failed save's state back to be saved, unless a newer one waits or a save is in flight; returns
  /// whether a save must start.
  private static func retryFailed(_ progress: inout Progress) -> Bool {
    guard let failed = progress.failed, !progress.saving, progress.pending == nil else { return false }
    progress.pending = failed.state
    progress.saving = true
    return true
  }

  private func startSaving() {
    Task { await self.saveUntilCurrent() }
  }

  private func saveUntilCurrent() async {
    while let (state, generation, last) = takePending() {
      do {
        let stored = try encode(state)
        if stored != last { try await storage.save(stored) }
        finish(generation, stored: stored)
      } catch {
        failed(generation, state: state, error: error)
      }
    }
  }

  private func takePending() -> (State, UInt64, StoredState?)? {
    let (next, idle) = progress.withLock { progress -> ((State, UInt64, StoredState?)?, [@Sendable () -> Void]) in
      if progress.pending == nil, !progress.waiters.isEmpty, let failed = progress.failed {
        // A waiter listed after the failed save answered its waiters, and before this: it found the save
        // still in flight, so it started no retry itself, and is owed one. (The retry answers it, so this
        // cannot loop.)
        progress.pending = failed.state
      }
      if let state = progress.pending {
        progress.pending = nil
        return ((state, progress.accepted, progress.lastWritten), [])
      }
      progress.saving = false
      defer { progress.idleCallbacks = [] }
      return (nil, progress.idleCallbacks)
    }
    for callback in idle { callback() }
    return next
  }

  private func finish(_ generation: UInt64, stored: StoredState) {
    let done = progress.withLock { progress -> [Waiter] in
      progress.lastWritten = stored
      progress.saved = max(progress.saved, generation)
      if let failed = progress.failed, failed.generation <= generation { progress.failed = nil }
      let done = progress.waiters.filter { $0.generation <= progress.saved }
      progress.waiters.removeAll { $0.generation <= progress.saved }
      return done
    }
    for waiter in done { waiter.continuation.resume() }
  }

  private func failed(_ generation: UInt64, state: State, error: any Error) {
    let (done, warns) = progress.withLock { progress -> ([Waiter], Bool) in
      let warns = progress.failed == nil
      progress.failed = (generation, error, state)
      let done = progress.waiters.filter { $0.generation <= generation }
      progress.waiters.removeAll { $0.generation <= generation }
      return (done, warns)
    }
    // Once per run of failures: a full disk fails every save until it is not full.
    if warns { warnings.warn(Self.failureMessage(storeID, storage: storage, error: error)) }
    for waiter in done { waiter.continuation.resume(throwing: error) }
  }

  private static func failureMessage(_ id: StoreID, storage: any StateStorage, error: any Error) -> String {
    let place = (storage as? FileStorage).map { "to \($0.path)" } ?? "to its \(type(of: storage))"
    if case PersistenceError.redactedValue(let path) = error {
      return
        "\(id) did not save its state \(place): it holds a Redacted value at \(path.isEmpty ? "its root" : path), which persistence does not write in clear. Leave it out of what persists (persisting:), or pass redacted: .writtenInClear."
    }
    return
      "\(id) could not save its state \(place) (\(error)); what was saved before is kept, and the next change, waitUntilSaved() or the stop tries again."
  }
}
