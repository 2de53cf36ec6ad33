import CartService
import HummingbirdTesting
import Logging

/// Runs the service in this process on a free port of 127.0.0.1, for as long as `body` runs.
func withLiveServer(
  limits: SessionLimits = SessionLimits(),
  services: CartServices = .quick,
  _ body: @Sendable @escaping (CartClient, SessionRegistry<StoreCartSession>) async throws -> Void
) async throws {
  try await withLiveServer(StoreCartSession.self, limits: limits, services: services, body)
}

/// The same, with carts of another kind.
func withLiveServer<Session: CartSession>(
  _: Session.Type,
  limits: SessionLimits = SessionLimits(),
  services: CartServices = .quick,
  _ body: @Sendable @escaping (CartClient, SessionRegistry<Session>) async throws -> Void
) async throws {
  var configuration = ServiceConfiguration()
  configuration.port = 0
  var logger = Logger(label: "cart-service-tests")
  logger.logLevel = .warning
  let registry = SessionRegistry<Session>(limits: limits, services: services)
  let app = CartServer.application(registry: registry, configuration: configuration, logger: logger)
  try await app.test(.live) { client in
    try await body(CartClient(port: client.port!), registry)
  }
}

extension CartServices {
  /// Slow enough for a test to act while a call runs, quick enough to keep the tests short.
  static let quick = CartServices(
    paymentDelay: .milliseconds(300), couponDelay: .milliseconds(200), quoteDelay: .milliseconds(200))
}

/// The service in this process with its carts in `table`, as `cart-service` runs with `DATABASE_URL`.
func withLiveServer(
  table: CartTable, limits: SessionLimits = SessionLimits(), services: CartServices = .quick,
  _ body: @Sendable @escaping (CartClient, SessionRegistry<StoreCartSession>) async throws -> Void
) async throws {
  var configuration = ServiceConfiguration()
  configuration.port = 0
  var logger = Logger(label: "cart-service-tests")
  logger.logLevel = .error
  let registry = SessionRegistry<StoreCartSession>(limits: limits) { name, creating throws(SessionRefusal) in
    try await StoreCartSession.open(name, creating: creating, services: services, table: table)
  }
  let app = CartServer.application(registry: registry, configuration: configuration, logger: logger)
  try await app.test(.live) { client in
    try await body(CartClient(port: client.port!), registry)
  }
  _ = await registry.shutDown(grace: .zero)
}
