/// Holds a session's cart from its first request until it has been idle for a while.
///
/// It is an actor, so two requests for the same new session find one cart: looking a session up and making
/// it happen in one step on the registry, with no suspension in between. It holds at most
/// ``SessionLimits/maxSessions`` carts; a new session past that evicts the one idle longest, and is refused if
/// every cart has a request running. A cart with a request running is never evicted.
public actor SessionRegistry<Session: CartSession> {
  private struct Entry {
    let session: Session
    var lastUsed: ContinuousClock.Instant
    var requests = 0
  }

  /// How many sessions it holds, and for how long.
  public let limits: SessionLimits
  private let services: CartServices
  private var entries: [String: Entry] = [:]
  private var requests = 0
  private var shuttingDown = false
  /// Resumed when the last request ends, or the shutdown's grace period does, whichever comes first.
  private var drained: CheckedContinuation<Void, Never>?

  /// A registry whose sessions call `services`.
  public init(limits: SessionLimits = SessionLimits(), services: CartServices = CartServices()) {
    self.limits = limits
    self.services = services
  }

  /// How many sessions are held.
  public var count: Int { entries.count }

  /// Whether ``shutDown(grace:)`` has begun: every request is refused from then on.
  public var isShuttingDown: Bool { shuttingDown }

  /// Runs `body` with the session called `name`, which is made first if `creating` and it does not exist.
  /// The session is not evicted while `body` runs.
  public nonisolated func withSession<Result: Sendable>(
    _ name: String, creating: Bool, _ body: (Session) async -> Result
  ) async throws(SessionRefusal) -> Result {
    let session = try await lease(name, creating: creating)
    let result = await body(session)
    await release(name)
    return result
  }

  private func lease(_ name: String, creating: Bool) throws(SessionRefusal) -> Session {
    guard !shuttingDown else { throw .shuttingDown }
    let now = ContinuousClock.now
    var entry: Entry
    if let held = entries[name] {
      entry = held
    } else {
      guard creating else { throw .unknown(name) }
      if entries.count >= limits.maxSessions, !evictLeastRecentlyUsed() { throw .full(limits.maxSessions) }
      entry = Entry(session: Session(name: name, services: services), lastUsed: now)
    }
    entry.requests += 1
    entry.lastUsed = now
    entries[name] = entry
    requests += 1
    return entry.session
  }

  private func release(_ name: String) {
    requests -= 1
    entries[name]?.requests -= 1
    entries[name]?.lastUsed = .now
    if requests == 0 { resumeDrained() }
  }

  /// Stops and forgets the session called `name`; its running actions are cancelled, so their cleanups run.
  /// Returns whether there was one.
  public func remove(_ name: String) async -> Bool {
    guard let entry = entries.removeValue(forKey: name) else { return false }
    entry.session.stop()
    await entry.session.waitUntilStopped()
    return true
  }

  /// Stops the sessions that have had no request for ``SessionLimits/idleTimeout`` as of `now`, and returns how many.
  @discardableResult
  public func evictIdle(now: ContinuousClock.Instant = .now) -> Int {
    let idle = entries.filter { $0.value.requests == 0 && now - $0.value.lastUsed >= limits.idleTimeout }
    for (name, entry) in idle {
      entries[name] = nil
      entry.session.stop()
    }
    return idle.count
  }

  private func evictLeastRecentlyUsed() -> Bool {
    // A scan, made only when the registry is full: cheaper than keeping an order on every request.
    guard
      let (name, entry) = entries.filter({ $0.value.requests == 0 }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
    else { return false }
    entries[name] = nil
    entry.session.stop()
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
}

/// What a shutdown stopped.
public struct ShutdownReport: Sendable, Equatable {
  /// The sessions it stopped.
  public var sessions: Int
  /// The requests still running when the grace period ended, whose actions it cancelled.
  public var requestsCut: Int
}
