@testable import CartService
import Foundation
import Logging
import PostgresNIO
import Testing

/// Carts in PostgreSQL: an acknowledged change outlives eviction, a graceful restart and a killed process;
/// one process holds a cart at a time, and one whose lease was taken over cannot write.
@Suite(.enabled(if: TestDatabase.url != nil, TestDatabase.skipped), .timeLimit(.minutes(1)))
struct PersistenceTests {
  @Test func anAcknowledgedAddIsLoadedAgainAfterEviction() async throws {
    let cart = TestDatabase.newCart("evicted")
    try await TestDatabase.withTable(holder: "test-eviction") { table in
      try await withLiveServer(table: table) { client, registry in
        #expect(try await client.add("apple", 2, to: cart).status == 200)
        #expect(await registry.evictIdle(now: .now + registry.limits.idleTimeout) == 1)
        let loaded = try await client.get("/carts/\(cart)")
        #expect(loaded.status == 200)
        #expect(loaded.reply.cart?.lines == ["apple": 2])
        #expect(try await client.add("pear", to: cart).reply.cart?.lines == ["apple": 2, "pear": 1])
      }
    }
  }

  @Test func anEvictedCartIsGivenUpSoAnotherProcessTakesItAtOnce() async throws {
    let cart = TestDatabase.newCart("handed")
    try await withTwoProcesses(holding: ("test-evicting", "test-taking")) { a, b in
      #expect(try await a.client.add("apple", to: cart).status == 200)
      #expect(await a.registry.evictIdle(now: .now + a.registry.limits.idleTimeout) == 1)
      // Eviction returns once the cart has saved and let go.
      #expect(await a.registry.stopping == 0)
      #expect(try await a.table.holder(of: cart) == .some(nil))
      // Within A's 10-second lease, had A kept it.
      let taken = try await b.client.add("pear", to: cart)
      #expect(taken.status == 200)
      #expect(taken.reply.cart?.lines == ["apple": 1, "pear": 1])
    }
  }

  @Test func deletingACartDeletesItsRowHeldOrEvicted() async throws {
    let held = TestDatabase.newCart("deleted")
    let evicted = TestDatabase.newCart("deleted-evicted")
    try await TestDatabase.withTable(holder: "test-deleting") { table in
      // `async throws` spelled out: Swift 6.3 infers this closure as one that does not throw.
      try await withLiveServer(table: table) { client, registry async throws in
        #expect(try await client.add("apple", to: held).status == 200)
        #expect(try await client.add("apple", to: evicted).status == 200)
        #expect(await registry.evictIdle(now: .now + registry.limits.idleTimeout) == 2)
        // Loaded again: one cart deleted from memory and the database, the other from the database alone.
        #expect(try await client.add("pear", to: held).reply.cart?.lines == ["apple": 1, "pear": 1])

        #expect(try await client.delete("/carts/\(held)").status == 200)
        #expect(try await table.fence(of: held) == nil)
        #expect(try await client.get("/carts/\(held)").status == 404)
        #expect(try await client.delete("/carts/\(held)").status == 404)

        #expect(try await client.delete("/carts/\(evicted)").status == 200)
        #expect(try await table.fence(of: evicted) == nil)
        #expect(try await client.get("/carts/\(evicted)").status == 404)
      }
    }
  }

  @Test func aCartMadeAgainAfterItsDeletionTakesAFenceNeverHandedOut() async throws {
    let cart = TestDatabase.newCart("remade")
    try await TestDatabase.withTable(holder: "test-remaking") { table in
      try await withLiveServer(table: table) { client, _ in
        #expect(try await client.add("apple", to: cart).status == 200)
        let first = try #require(try await table.fence(of: cart))
        #expect(try await client.delete("/carts/\(cart)").status == 200)
        let remade = try await client.add("pear", to: cart)
        #expect(remade.reply.cart?.lines == ["pear": 1])
        // A holder of the first cart's lease, stalled until now, must find its fence gone.
        #expect(try #require(try await table.fence(of: cart)) > first)
      }
    }
  }

  @Test func aCartHeldElsewhereIsNotDeletedAndTheRefusalSaysWhenToRetry() async throws {
    let cart = TestDatabase.newCart("kept")
    try await withTwoProcesses(holding: ("test-holding", "test-refused")) { a, b in
      #expect(try await a.client.add("apple", to: cart).status == 200)
      let refused = try await b.client.delete("/carts/\(cart)")
      #expect(refused.status == 503)
      #expect(refused.retryAfter.flatMap { Int($0) }.map { (1...10).contains($0) } == true)
      #expect(try await a.client.get("/carts/\(cart)").reply.cart?.lines == ["apple": 1])
    }
  }

  @Test func aCartNeverSavedIsStillUnknown() async throws {
    let cart = TestDatabase.newCart("never")
    try await TestDatabase.withTable(holder: "test-unknown") { table in
      try await withLiveServer(table: table) { client, _ in
        let answer = try await client.get("/carts/\(cart)")
        #expect(answer.status == 404)
      }
    }
  }

  @Test func anAcknowledgedAddSurvivesARestartAndAKilledProcess() async throws {
    let url = try #require(TestDatabase.url)
    let cart = TestDatabase.newCart("restarted")
    let folder = try temporaryFolder()
    let arguments = ["--lease", "1"]
    let first = try await ServiceProcess.start(arguments, in: folder, environment: ["DATABASE_URL": url])
    #expect(try await CartClient(port: first.port).add("apple", to: cart).status == 200)
    first.send(SIGTERM)
    #expect(await first.exit(within: .seconds(30)) == 0)

    // A graceful stop gave the lease up: the next process loads the cart at once.
    let second = try await ServiceProcess.start(arguments, in: folder, environment: ["DATABASE_URL": url])
    let client = CartClient(port: second.port)
    #expect(try await client.get("/carts/\(cart)").reply.cart?.lines == ["apple": 1])
    #expect(try await client.add("pear", to: cart).status == 200)
    second.send(SIGKILL)
    _ = await second.exit(within: .seconds(30))

    // The killed process still holds the lease, for up to its second: the next one waits that out.
    let third = try await ServiceProcess.start(arguments, in: folder, environment: ["DATABASE_URL": url])
    let after = CartClient(port: third.port)
    var answer = try await after.get("/carts/\(cart)")
    for _ in 0..<100 where answer.status == 503 {
      try await Task.sleep(for: .milliseconds(50))
      answer = try await after.get("/carts/\(cart)")
    }
    #expect(answer.status == 200)
    #expect(answer.reply.cart?.lines == ["apple": 1, "pear": 1])
    third.send(SIGTERM)
    #expect(await third.exit(within: .seconds(30)) == 0)
  }

  /// Processes that start together on a database without the tables all start: a deployment's first start,
  /// or the failover test's two processes on CI's fresh database, where one of them failed.
  @Test func eightProcessesStartingAtOnceOnAnEmptyDatabaseAllMakeOrFindTheTables() async throws {
    let url = try DatabaseURL(try #require(TestDatabase.url))
    let empty = "empty_\(UUID().uuidString.prefix(8).lowercased())"
    let logger = TestDatabase.logger
    try await TestDatabase.withClient(url, logger: logger) { client in
      try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(empty)"), logger: logger)
    }
    let credentials = url.password.map { "\(url.user):\($0)" } ?? url.user
    let emptyURL = try DatabaseURL("postgres://\(credentials)@\(url.host):\(url.port)/\(empty)")
    let starting: Result<Int, any Error>
    do {
      starting = .success(
        try await withThrowingTaskGroup(of: Void.self, returning: Int.self) { group in
          for process in 0..<8 {
            group.addTask {
              try await CartTable.withTable(
                emptyURL, holder: "starting-\(process)", leaseDuration: .seconds(1), logger: logger
              ) { _ in }
            }
          }
          return try await group.reduce(0) { count, _ in count + 1 }
        })
    } catch {
      starting = .failure(error)
    }
    // Dropped whatever the start did, and even while a connection of the test's is still closing (FORCE),
    // but the start's result is what the test reports first.
    var dropping: (any Error)?
    do {
      try await TestDatabase.withClient(url, logger: logger) { client in
        try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(empty) WITH (FORCE)"), logger: logger)
      }
    } catch {
      dropping = error
    }
    #expect(try starting.get() == 8)
    if let dropping { throw dropping }
  }

  @Test func aHolderFencedOutCannotWrite() async throws {
    let cart = TestDatabase.newCart("fenced")
    try await withTwoProcesses(holding: ("test-a", "test-b")) { a, b in
      #expect(try await a.client.add("apple", to: cart).status == 200)
      let refused = try await b.client.add("pear", to: cart)
      #expect(refused.status == 503)
      #expect(
        refused.reply.error?.hasPrefix("cart \"\(cart)\" is held by another server process (test-a)") == true)
      // A's lease was taken or saved within the last 10 s, and lasts 10 s.
      #expect(refused.retryAfter.flatMap { Int($0) }.map { (1...10).contains($0) } == true)

      // A's lease runs out (as if A had stopped answering), and B takes the cart over.
      try await a.table.client.query(
        "UPDATE carts SET lease_until = now() - interval '1 second' WHERE id = \(cart)")
      #expect(try await b.client.add("pear", to: cart).reply.cart?.lines == ["apple": 1, "pear": 1])

      // A still holds the cart in memory, and its lease has not run out by its own clock: its save is fenced.
      let fenced = try await a.client.add("banana", to: cart)
      #expect(fenced.status == 503)
      #expect(fenced.reply.error?.contains("this process lost cart \"\(cart)\"") == true)
      #expect(try await b.client.get("/carts/\(cart)").reply.cart?.lines == ["apple": 1, "pear": 1])
      #expect(try await a.client.get("/carts/\(cart)").status == 503)
    }
  }
}

/// What the service says when it cannot use its database: at once, and what to do.
@Suite struct DatabaseSettingTests {
  @Test func aURLThatIsNotPostgresIsRefused() {
    #expect(throws: ConfigurationError.self) {
      try ServiceConfiguration(arguments: [], environment: ["DATABASE_URL": "mysql://root@localhost/carts"])
    }
  }

  @Test func theActorBackendDoesNotPersist() {
    #expect(throws: ConfigurationError.self) {
      try ServiceConfiguration(
        arguments: ["--backend", "actor"], environment: ["DATABASE_URL": "postgres://u@127.0.0.1/carts"])
    }
  }

  @Test(.timeLimit(.minutes(1))) func aDatabaseThatDoesNotAnswerFailsWithWhatToDo() async throws {
    // Port 1 on 127.0.0.1: nothing listens there.
    let url = try DatabaseURL("postgres://actuate@127.0.0.1:1/carts")
    let error = await #expect(throws: CartStoreError.self) {
      try await CartTable.withTable(
        url, leaseDuration: .seconds(1), timeout: .seconds(1), logger: Logger(label: "test")
      ) {
        _ in
      }
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("Start it (Examples/Service/Scripts/postgres.sh start)"))
  }
}

extension CartTable {
  /// The fence of the cart's row, or nil if it has no row: what the service itself never reads back.
  func fence(of cart: String) async throws -> Int64? {
    for try await fence in try await client.query("SELECT fence FROM carts WHERE id = \(cart)").decode(Int64.self) {
      return fence
    }
    return nil
  }

  /// The holder named in the cart's row: `.some(nil)` once its lease was given up, nil if it has no row.
  func holder(of cart: String) async throws -> String?? {
    for try await holder in try await client.query("SELECT holder FROM carts WHERE id = \(cart)").decode(
      String?.self)
    {
      return .some(holder)
    }
    return nil
  }
}
