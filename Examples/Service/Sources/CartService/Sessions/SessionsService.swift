import Logging
import ServiceLifecycle

/// Runs a ``SessionRegistry`` under a `ServiceGroup`: evicts idle sessions while the service runs, and shuts
/// the registry down when the group shuts down gracefully.
///
/// List it after the HTTP server in the group: a group shuts its services down in reverse order, so the
/// sessions go first, while the server still answers, and the requests they cut short get a clear answer.
public struct SessionsService<Session: CartSession>: Service {
  let registry: SessionRegistry<Session>
  let grace: Duration
  let logger: Logger

  /// - Parameters:
  ///   - grace: How long running requests get to end after shutdown begins, before their actions are cancelled.
  public init(registry: SessionRegistry<Session>, grace: Duration, logger: Logger) {
    self.registry = registry
    self.grace = grace
    self.logger = logger
  }

  public func run() async throws {
    let registry = registry
    let logger = logger
    // A sweep every quarter of the idle timeout evicts a session at most 25% later than its timeout.
    let interval = registry.limits.idleTimeout / 4
    try? await cancelWhenGracefulShutdown {
      while true {
        try await Task.sleep(for: interval)
        let evicted = await registry.evictIdle()
        if evicted > 0 { logger.info("evicted idle carts", metadata: ["count": "\(evicted)"]) }
      }
    }
    logger.info("shutting down: refusing new requests", metadata: ["grace": "\(grace)"])
    let report = await registry.shutDown(grace: grace)
    logger.info(
      "stopped every cart", metadata: ["carts": "\(report.sessions)", "requests cut short": "\(report.requestsCut)"])
  }
}
