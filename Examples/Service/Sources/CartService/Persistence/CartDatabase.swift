import Foundation
import Logging
import PostgresNIO

extension CartTable {
  /// Connects to `url`, makes the tables if needed, and runs `body` with the carts' table; the connections
  /// close when `body` returns. A database that does not answer within `timeout` fails this with a
  /// ``CartStoreError`` that says what to do, rather than a hang.
  ///
  /// - Parameters:
  ///   - holder: This process, as the rows it holds name it; unique to the process by default, so that a
  ///     restarted process is a new holder.
  public static func withTable<Result: Sendable>(
    _ url: DatabaseURL, holder: String = CartTable.processHolder(), leaseDuration: Duration,
    timeout: Duration = .seconds(5), logger: Logger, _ body: (CartTable) async throws -> Result
  ) async throws -> Result {
    let client = url.client(logger: logger)
    let table = CartTable(
      client: client, holder: holder, leaseDuration: leaseDuration, timeout: timeout, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      // The client's connections live as long as its run() does: until the group is cancelled below.
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      do {
        try await table.prepare()
      } catch CartStoreError.unreachable(let reason) {
        throw CartStoreError.unreachable("\(url): \(reason)")
      }
      return try await body(table)
    }
  }

  /// A holder name no other process has: host, process id and a random part, since a process id is reused.
  public static func processHolder() -> String {
    let host = ProcessInfo.processInfo.hostName
    let random = UInt32.random(in: 0...UInt32.max)
    return "\(host):\(ProcessInfo.processInfo.processIdentifier):\(String(random, radix: 16))"
  }
}
