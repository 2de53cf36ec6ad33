/// Holds a session's cart from its first request until it has been idle for a while.
///
/// It is an actor, so two requests for the same new session find one cart: the first opens it, and the
/// others wait for that rather than open another. It holds at most ``SessionLimits/maxSessions`` carts; a
/// new session past that evicts the one idle longest, and is refused if every cart has a request running. A
/// cart with a request running is never evicted.
///
/// A session it lets go (evicted, forgotten, removed) is stopped, and a request for it waits until that
/// stop has finished: until then, opening the cart again would load what the stop had yet to save.
public actor SessionRegistry<Session: CartSession> {
  /// Opens the session called by its first argument; the second says whether the request may make a new
  /// cart, rather than only find one that exists.
  public typealias Opener = @Sendable (String, Bool) async throws(SessionRefusal) -> Session

  private struct Entry {
    let session: Session
    var lastUsed: ContinuousClock.Instant
    var requests = 0
  }

  /// A session let go whose stop has not finished; the task answers why its deletion failed, if it did.
  private struct Closing {
    let id: UInt64
    let task: Task<SessionRefusal?, Never>
  }

  /// How many sessions it holds, and for how long.
  public let limits: SessionLimits
  private let open: Opener
  private var entries: [String: Entry] = [:]
  /// The sessions being opened, with the requests waiting for them.
  private var opening: [String: [CheckedContinuation<Void, Never>]] = [:]
  private var closing: [String: Closing] = [:]
  private var nextClosing: UInt64 = 0
  private var requests = 0
  private var shuttingDown = false
  /// Resumed when the last request ends, or the shutdown's grace period does, whichever comes first.
  private var drained: CheckedContinuation<Void, Never>?

  /// A registry whose sessions are made in memory, calling `services`: a session exists from the request that
  /// makes it until it is evicted.
  public init(limits: SessionLimits = SessionLimits(), services: CartServices = CartServices()) {
    self.init(limits: limits) { name, creating throws(SessionRefusal) in
      guard creating else { throw .unknown(name) }
      return Session(name: name, services: services)
    }
  }

  /// A registry whose sessions `open` makes, loading them from where they are kept.
  public init(limits: SessionLimits = SessionLimits(), open: @escaping Opener) {
    self.limits = limits
    self.open = open
  }

  /// How many sessions are held.
  public var count: Int { entries.count }

  /// How many sessions let go are still stopping: running their cleanups, saving what those changed and
  /// giving their leases up. Their memory is not free until this is 0.
  public var stopping: Int { closing.count }

  /// Whether ``shutDown(grace:)`` has begun: every request is refused from then on.
  public var isShuttingDown: Bool { shuttingDown }

  /// Runs `body` with the session called `name`, which is opened first if it is not held, and made if
  /// `creating` and it does not exist. The session is not evicted while `body` runs; it is forgotten if
  /// `body` finds it lost (``SessionRefusal/lost(_:)``), so that the next request opens it again.
  public nonisolated func withSession<Result: Sendable>(
    _ name: String, creating: Bool, _ body: (Session) async throws(SessionRefusal) -> Result
  ) async throws(SessionRefusal) -> Result {
    let session = try await lease(name, creating: creating)
    do {
      let result = try await body(session)
      await release(name)
      return result
    } catch {
      await release(name)
      if case .lost = error { await forget(name, session) }
      throw error
    }
  }

  private func lease(_ name: String, creating: Bool) async throws(SessionRefusal) -> Session {
    while true {
      guard !shuttingDown else { throw .shuttingDown }
      if var entry = entries[name] {
        entry.requests += 1
        entry.lastUsed = .now
        entries[name] = entry
        requests += 1
        return entry.session
      }
      if let stop = closing[name] {
        _ = await stop.task.value
        continue
      }
      guard opening[name] == nil else {
        // Another request opens it: wait for that, then look again.
        await withCheckedContinuation { opening[name]?.append($0) }
        continue
      }
      return try await openSession(name, creating: creating)
    }
  }

  /// Opens `name` as a request of its own, so that a shutdown waits for it.
  private func openSession(_ name: String, creating: Bool) async throws(SessionRefusal) -> Session {
    opening[name] = []
    requests += 1
    var opened: Result<Session, SessionRefusal>
    do {
      opened = .success(try await open(name, creating))
    } catch {
      opened = .failure(error)
    }
    for waiter in opening.removeValue(forKey: name) ?? [] { waiter.resume() }
    // Room is made only for a session that exists: a request for an unknown one evicts nothing.
    if case .success(let session) = opened, entries.count >= limits.maxSessions, !evictLeastRecentlyUsed() {
      close(name, session)
      opened = .failure(.full(limits.maxSessions))
    }
    switch opened {
    case .success(let session):
      entries[name] = Entry(session: session, lastUsed: .now, requests: 1)
      return session
    case .failure(let refusal):
      requests -= 1
      if requests == 0 { resumeDrained() }
      throw refusal
    }
  }

  /// Stops and forgets `session`, if it is still the one called `name`: it can no longer save.
  private func forget(_ name: String, _ session: Session) {
    guard let entry = entries[name], entry.session === session, entry.requests == 0 else { return }
    entries[name] = nil
    close(name, session)
  }

  /// Stops `session`, no longer listed as `name`, and keeps its stop as `name`'s until it has finished: the
  /// session has saved what its cleanups changed and given its lease up, or, when `deleting`, been deleted.
  @discardableResult
  private func close(_ name: String, _ session: Session, deleting: Bool = false) -> Task<SessionRefusal?, Never>? {
    session.stop()
    // A cart kept nowhere else is gone once stopped, so nothing waits for its stop: a task for each of 10,000
    // evicted carts held 5-11 MiB more at once (memory.sh).
    guard deleting || session.persists else { return nil }
    nextClosing += 1
    let id = nextClosing
    let task = Task { () -> SessionRefusal? in
      var refusal: SessionRefusal?
      if deleting {
        do throws(SessionRefusal) {
          try await session.delete()
        } catch {
          refusal = error
        }
      } else {
        await session.waitUntilStopped()
      }
      self.closed(name, id)
      return refusal
    }
    closing[name] = Closing(id: id, task: task)
    return task
  }

  private func closed(_ name: String, _ id: UInt64) {
    if closing[name]?.id == id { closing[name] = nil }
  }

  private func release(_ name: String) {
    requests -= 1
    entries[name]?.requests -= 1
    entries[name]?.lastUsed = .now
    if requests == 0 { resumeDrained() }
  }

  /// Stops the session called `name` and deletes it, where it is kept too, so that no later request finds
  /// it; its running actions are cancelled, so their cleanups run. A session not held is opened first, so
  /// that one kept in a database is deleted there as well. Throws ``SessionRefusal/unknown(_:)`` when there
  /// is no such session, and what opening or deleting it throws.
  public func remove(_ name: String) async throws(SessionRefusal) {
    _ = try await lease(name, creating: false)
    release(name)
    // Nothing suspended since the lease returned, so the entry is still there.
    guard let entry = entries.removeValue(forKey: name) else { return }
    if let refusal = await close(name, entry.session, deleting: true)?.value { throw refusal }
  }

  /// Stops the sessions that have had no request for ``SessionLimits/idleTimeout`` as of `now`, waits until
  /// those that persist have saved and given their leases up (so that another process may take them at
  /// once), and returns how many.
  @discardableResult
  public func evictIdle(now: ContinuousClock.Instant = .now) async -> Int {
    let idle = entries.filter { $0.value.requests == 0 && now - $0.value.lastUsed >= limits.idleTimeout }
    var stops: [Task<SessionRefusal?, Never>] = []
    for (name, entry) in idle {
      entries[name] = nil
      if let stop = close(name, entry.session) { stops.append(stop) }
    }
    for stop in stops { _ = await stop.value }
    return idle.count
  }

  private func evictLeastRecentlyUsed() -> Bool {
    // A scan, made only when the registry is full: cheaper than keeping an order on every request.
    guard
      let (name, entry) = entries.filter({ $0.value.requests == 0 }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
    else { return false }
    entries[name] = nil
    close(name, entry.session)
    return true
  }

  /// Refuses new requests, gives those running up to `grace` to end, then stops every session (cancelling
  /// what still runs, whose requests answer that the server is shutting down) and waits for their cleanups.
  public func shutDown(grace: Duration) async -> ShutdownReport {
    shuttingDown = true
    if requests > 0 {
      let graceEnds = Task {
        try? await Task.sleep(for: grace)
        self.resumeDrained()
      }
      await withCheckedContinuation { drained = $0 }
      graceEnds.cancel()
    }
    let report = ShutdownReport(sessions: entries.count, requestsCut: requests)
    let sessions = entries.values.map(\.session)
    entries.removeAll()
    for session in sessions { session.stop() }
    for session in sessions { await session.waitUntilStopped() }
    for stop in closing.values { _ = await stop.task.value }
    return report
  }

  private func resumeDrained() {
    drained?.resume()
    drained = nil
  }
}

/// How many sessions a ``SessionRegistry`` holds, and for how long.
public struct SessionLimits: Sendable {
  /// How many sessions it holds at most.
  public var maxSessions: Int
  /// How long a session may go without a request before ``SessionRegistry/evictIdle(now:)`` stops it.
  public var idleTimeout: Duration

  /// 10,000 sessions, each for 5 minutes without a request, by default.
  public init(maxSessions: Int = 10_000, idleTimeout: Duration = .seconds(300)) {
    self.maxSessions = maxSessions
    self.idleTimeout = idleTimeout
  }
}

/// Why a request found no session.
public enum SessionRefusal: Error, Sendable, Equatable {
  /// There is no session by that name, and the request does not make one.
  case unknown(String)
  /// The registry is full, and every session in it has a request running.
  case full(Int)
  /// The service is shutting down.
  case shuttingDown
  /// Another process holds the cart's lease, for up to `seconds` more.
  case heldElsewhere(cart: String, holder: String, seconds: Int)
  /// This process may no longer write the cart: its lease was taken over, or its database failed it.
  case lost(CartStoreError)
  /// The cart could not be loaded: the database's error.
  case storage(String)
}

/// What a shutdown stopped.
public struct ShutdownReport: Sendable, Equatable {
  /// The sessions it stopped.
  public var sessions: Int
  /// The requests still running when the grace period ended, whose actions it cancelled.
  public var requestsCut: Int
}
