import Actuate
import Logging
import PostgresNIO

/// The carts' table in PostgreSQL, as one process sees it: each row holds a cart's saved state and its
/// lease, which names the process that may write the cart (`holder`), until when (`lease_until`, in the
/// database's time), and a fence that moves on at every new lease. A save names its fence, so a process
/// whose lease was taken over writes nothing, however late its save arrives.
///
/// Every lease's fence is a new number from one sequence (`cart_fences`), not the row's last one plus one:
/// a cart deleted and made again must never hand out a fence an old holder of the deleted cart still has.
public struct CartTable: Sendable {
  let client: PostgresClient
  /// This process, in the rows it holds.
  public let holder: String
  /// How long a lease lasts without a save or a renewal. A process killed holding a cart keeps it from
  /// every other process for this long.
  public let leaseDuration: Duration
  /// How long one statement may take before the request waiting for it fails.
  let timeout: Duration
  let logger: Logger

  /// Makes the tables if they do not exist yet.
  ///
  /// `CREATE TABLE IF NOT EXISTS` is not safe to run at once from two connections: on a database without
  /// the table, both may try to make it, and one fails with a duplicate key in `pg_type`. Processes that
  /// start together (a deployment, the failover test) make the tables one at a time, under a lock that
  /// PostgreSQL releases when the transaction ends.
  func prepare() async throws {
    try await run("making the carts table") { [client, logger] in
      try await client.withTransaction(logger: logger) { connection in
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS carts (
            id text PRIMARY KEY, version integer, state jsonb, holder text, fence bigint NOT NULL,
            lease_until timestamptz, saved_at timestamptz)
          """, logger: logger)
        try await connection.query(
          """
          CREATE SEQUENCE IF NOT EXISTS cart_fences
          """, logger: logger)
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS unreadable_carts (
            id text NOT NULL, fence bigint NOT NULL, version integer, state jsonb, reason text NOT NULL,
            set_aside_at timestamptz NOT NULL, PRIMARY KEY (id, fence))
          """, logger: logger)
      }
    }
  }

  /// The advisory lock that makes the tables one process at a time: any number of the database's own, so
  /// long as nothing else in the database uses it.
  static let schemaLock: Int64 = 0x6361_7274_7321

  /// Takes the lease on `cart` unless another process holds one that has not expired, and returns it with
  /// what was saved. Without `creating`, a cart with no row is ``SessionRefusal/unknown(_:)``.
  func acquire(_ cart: String, creating: Bool) async throws(SessionRefusal) -> (CartLease, StoredState?) {
    let seconds = leaseDuration.seconds
    let started = ContinuousClock.now
    let row: (Int64, Int32?, String?)?
    do {
      row = try await run("taking the lease on cart \(cart)") { [client, logger, holder] in
        // `greatest`: a row saved before the sequence existed may hold a fence above the sequence's next.
        let query: PostgresQuery =
          creating
          ? """
          INSERT INTO carts (id, holder, fence, lease_until) VALUES (\(cart), \(holder), nextval('cart_fences'),
            now() + make_interval(secs => \(seconds)))
          ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, fence = greatest(excluded.fence, carts.fence + 1),
            lease_until = excluded.lease_until
          WHERE carts.holder IS NULL OR carts.holder = excluded.holder OR carts.lease_until < now()
          RETURNING fence, version, state::text
          """
          : """
          UPDATE carts SET holder = \(holder), fence = greatest(nextval('cart_fences'), fence + 1),
            lease_until = now() + make_interval(secs => \(seconds))
          WHERE id = \(cart) AND (holder IS NULL OR holder = \(holder) OR lease_until < now())
          RETURNING fence, version, state::text
          """
        for try await row in try await client.query(query, logger: logger).decode((Int64, Int32?, String?).self) {
          return row
        }
        return nil
      }
    } catch {
      throw .storage("\(error)")
    }
    guard let (fence, version, state) = row else { throw try await refusal(for: cart, creating: creating) }
    let lease = CartLease(cart: cart, fence: fence, table: self, validUntil: started + leaseDuration)
    let stored = state.map { StoredState(version: Int(version ?? 1), bytes: Array($0.utf8)) }
    return (lease, stored)
  }

  /// Why `cart` could not be leased: it has no row, or another process holds it.
  private func refusal(for cart: String, creating: Bool) async throws(SessionRefusal) -> SessionRefusal {
    do {
      let holder: (String?, Int64?)? = try await run("reading who holds cart \(cart)") { [client, logger] in
        let query: PostgresQuery = """
          SELECT holder, ceil(extract(epoch FROM lease_until - now()))::bigint FROM carts WHERE id = \(cart)
          """
        for try await row in try await client.query(query, logger: logger).decode((String?, Int64?).self) {
          return row
        }
        return nil
      }
      guard let (holder, seconds) = holder else { return .unknown(cart) }
      return .heldElsewhere(cart: cart, holder: holder ?? "another process", seconds: Int(max(seconds ?? 1, 1)))
    } catch {
      return .storage("\(error)")
    }
  }

  /// Writes `state` for the lease's cart if its fence is still the cart's, extending the lease; returns
  /// whether it was.
  func save(_ state: StoredState, cart: String, fence: Int64) async throws -> Bool {
    let seconds = leaseDuration.seconds
    let json = String(decoding: state.bytes, as: UTF8.self)
    let version = Int32(state.version)
    return try await run("saving cart \(cart)") { [client, logger] in
      try await client.query(
        """
        UPDATE carts SET version = \(version), state = \(json)::jsonb, saved_at = now(),
          lease_until = now() + make_interval(secs => \(seconds))
        WHERE id = \(cart) AND fence = \(fence) RETURNING fence
        """, logger: logger
      ).collect().count == 1
    }
  }

  /// Extends the lease if its fence is still the cart's; returns whether it was.
  func renew(cart: String, fence: Int64) async throws -> Bool {
    let seconds = leaseDuration.seconds
    return try await run("renewing the lease on cart \(cart)") { [client, logger] in
      try await client.query(
        """
        UPDATE carts SET lease_until = now() + make_interval(secs => \(seconds))
        WHERE id = \(cart) AND fence = \(fence) RETURNING fence
        """, logger: logger
      ).collect().count == 1
    }
  }

  /// Gives the lease up, so that another process may take the cart at once.
  func release(cart: String, fence: Int64) async throws {
    try await run("releasing cart \(cart)") { [client, logger] in
      try await client.query(
        "UPDATE carts SET holder = NULL, lease_until = NULL WHERE id = \(cart) AND fence = \(fence)", logger: logger)
    }
  }

  /// Deletes the cart's row if its fence is still the cart's; returns whether it did.
  func delete(cart: String, fence: Int64) async throws -> Bool {
    try await run("deleting cart \(cart)") { [client, logger] in
      try await client.query(
        "DELETE FROM carts WHERE id = \(cart) AND fence = \(fence) RETURNING fence", logger: logger
      ).collect().count == 1
    }
  }

  /// Moves the cart's saved state to `unreadable_carts`, so that the next save does not overwrite it.
  func setAside(cart: String, fence: Int64, reason: String) async throws {
    try await run("setting cart \(cart) aside") { [client, logger] in
      try await client.withTransaction(logger: logger) { connection in
        try await connection.query(
          """
          INSERT INTO unreadable_carts SELECT id, fence, version, state, \(reason), now() FROM carts
          WHERE id = \(cart) AND fence = \(fence) ON CONFLICT DO NOTHING
          """, logger: logger)
        try await connection.query(
          "UPDATE carts SET state = NULL, version = NULL WHERE id = \(cart) AND fence = \(fence)", logger: logger)
      }
    }
  }

  /// Runs one database operation within ``timeout``; an error names the operation.
  @discardableResult
  private func run<Result: Sendable>(
    _ what: String, _ operation: @escaping @Sendable () async throws -> Result
  ) async throws -> Result {
    do {
      return try await withDeadline(timeout, what, operation)
    } catch let error as CartStoreError {
      throw error
    } catch {
      throw CartStoreError.unreachable("\(what): \(String(reflecting: error))")
    }
  }
}

extension Duration {
  /// In seconds, with their fraction, as PostgreSQL's `make_interval` takes them.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
