@testable import CartService
import Foundation
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL the tests use: `DATABASE_URL`, which `.ci/run` sets after Scripts/postgres.sh starts it.
enum TestDatabase {
  static let url = ProcessInfo.processInfo.environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
  static let skipped: Comment =
    "DATABASE_URL is not set, so the PostgreSQL tests are skipped: run them with export DATABASE_URL=$(Examples/Service/Scripts/postgres.sh start)"

  /// Runs `body` with the carts' table as a process called `holder` sees it.
  static func withTable(
    holder: String, leaseDuration: Duration = .seconds(10), _ body: (CartTable) async throws -> Void
  ) async throws {
    let url = try DatabaseURL(try #require(Self.url))
    try await CartTable.withTable(url, holder: holder, leaseDuration: leaseDuration, logger: Self.logger, body)
  }

  /// Says what goes wrong only.
  static let logger = {
    var logger = Logger(label: "cart-service-tests")
    logger.logLevel = .error
    return logger
  }()

  /// Runs `body` with a client of `url`'s database, for what the service itself never does.
  static func withClient(
    _ url: DatabaseURL, logger: Logger, _ body: @Sendable (PostgresClient) async throws -> Void
  ) async throws {
    let client = url.client(logger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      try await body(client)
    }
  }

  /// A cart name no earlier run used: the database outlives each run.
  static func newCart(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8))" }
}

/// One of two service processes on the test database, as a test sees it.
struct TestProcess: Sendable {
  /// Its table, whose leases name it.
  let table: CartTable
  /// A client of its server.
  let client: CartClient
  /// Its server's sessions.
  let registry: SessionRegistry<StoreCartSession>
}

/// Runs `body` with two service processes on the test database, each holding leases under its name in
/// `holding`: what one does to a cart, the other meets.
func withTwoProcesses(
  holding holders: (String, String), _ body: @Sendable @escaping (TestProcess, TestProcess) async throws -> Void
) async throws {
  try await TestDatabase.withTable(holder: holders.0) { tableA in
    try await TestDatabase.withTable(holder: holders.1) { tableB in
      try await withLiveServer(table: tableA) { a, registryA in
        try await withLiveServer(table: tableB) { b, registryB in
          try await body(
            TestProcess(table: tableA, client: a, registry: registryA),
            TestProcess(table: tableB, client: b, registry: registryB))
        }
      }
    }
  }
}
