import Actuate
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The service: an HTTP server over a registry of carts, run under a `ServiceGroup` until SIGTERM or SIGINT.
public enum CartServer {
  /// Runs the service until SIGTERM or SIGINT, then shuts it down gracefully: new requests are refused,
  /// running ones get the grace period to end, every cart is stopped, the debug log is flushed.
  public static func run(_ configuration: ServiceConfiguration) async throws {
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = configuration.logLevel
      return handler
    }
    var logger = Logger(label: "cart-service")
    logger.logLevel = configuration.logLevel
    DebugLogSetup.enable(file: configuration.debugLogPath, logger: logger)
    switch (configuration.backend, configuration.database) {
    case (.store, let url?):
      try await CartTable.withTable(url, leaseDuration: configuration.leaseDuration, logger: logger) { table in
        logger.info("carts persist in PostgreSQL", metadata: ["database": "\(url)", "holder": "\(table.holder)"])
        let registry = SessionRegistry<StoreCartSession>(limits: configuration.limits) {
          name, creating throws(SessionRefusal) in
          try await StoreCartSession.open(name, creating: creating, services: configuration.services, table: table)
        }
        try await run(registry, configuration, logger: logger)
      }
    case (.store, nil): try await run(StoreCartSession.self, configuration, logger: logger)
    case (.actor, _): try await run(ActorCartSession.self, configuration, logger: logger)
    }
    await DebugLog.flush()
    logger.info("stopped")
  }

  private static func run<Session: CartSession>(
    _: Session.Type, _ configuration: ServiceConfiguration, logger: Logger
  ) async throws {
    let registry = SessionRegistry<Session>(limits: configuration.limits, services: configuration.services)
    try await run(registry, configuration, logger: logger)
  }

  private static func run<Session: CartSession>(
    _ registry: SessionRegistry<Session>, _ configuration: ServiceConfiguration, logger: Logger
  ) async throws {
    let app = application(registry: registry, configuration: configuration, logger: logger)
    let sessions = SessionsService(registry: registry, grace: configuration.grace, logger: logger)
    // Shut down in reverse: the sessions first, while the server still answers the requests they cut short.
    let group = ServiceGroup(
      configuration: .init(services: [app, sessions], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
  }

  /// The HTTP server over `registry`. Once it listens, it prints `listening on HOST:PORT` on standard output.
  public static func application<Session: CartSession>(
    registry: SessionRegistry<Session>, configuration: ServiceConfiguration, logger: Logger
  ) -> some ApplicationProtocol {
    let router = Router()
    CartRoutes(registry: registry, logger: logger).add(to: router)
    return Application(
      router: router,
      configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? configuration.port
        FileHandle.standardOutput.write(Data("listening on \(configuration.host):\(port)\n".utf8))
      },
      logger: logger
    )
  }
}
