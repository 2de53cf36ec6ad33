import CartService
import Foundation
import Testing

/// The built service as a child process: SIGTERM, in the middle of requests and without any, and a debug
/// log it cannot write.
@Suite struct ShutdownTests {
  @Test func sigtermCutsASlowCheckoutShortWithAClearAnswerAndExitsZero() async throws {
    let folder = try temporaryFolder()
    let debugLog = folder.appendingPathComponent("actuate.jsonl")
    let service = try await ServiceProcess.start(
      ["--payment-delay", "30000", "--grace", "2", "--debug-log", debugLog.path], in: folder)
    let client = CartClient(port: service.port)
    _ = try await client.add("apple", 2, to: "slow")
    async let checkout = client.post("/carts/slow/checkout")
    _ = try #require(try await client.cart("slow") { $0.status == .paying })

    service.send(SIGTERM)
    #expect(try await client.healthStatus(until: 503) == 503)
    let refused = try await client.add("pear", to: "slow")
    #expect(refused.status == 503)
    #expect(refused.reply.error == "the server is shutting down")
    let cut = try await checkout
    #expect(cut.status == 503)
    #expect(cut.reply.outcome == "cancelled (store stopped)")
    #expect(cut.reply.cart?.status == .open)
    #expect(cut.reply.cart?.notice == "checkout cancelled (store stopped): nothing was charged")
    #expect(await service.exit(within: .seconds(30)) == 0)

    let entries = try jsonLines(debugLog)
    #expect(entries.allSatisfy { $0["store"] == "cart slow" })
    #expect(entries.last?["kind"] == "stopped")
    #expect(entries.contains { $0["kind"] == "cancelled" && $0["action"] == ".checkout" })
    #expect(entries.contains { $0["kind"] == "stateChange" && $0["cause"]?.contains("cleanup") == true })
    let log = try String(contentsOf: service.standardError, encoding: .utf8)
    #expect(log.contains("stopped every cart"))
    #expect(log.contains("requests cut short=1"))
    // At the info level, the bridge to swift-log shows the store's start and stop.
    #expect(log.contains("actuate.kind=stopped actuate.store=cart slow"))
  }

  @Test func sigtermLetsARequestFinishWithinTheGracePeriod() async throws {
    let folder = try temporaryFolder()
    let service = try await ServiceProcess.start(["--payment-delay", "1000", "--grace", "20"], in: folder)
    let client = CartClient(port: service.port)
    _ = try await client.add("apple", to: "patient")
    async let checkout = client.post("/carts/patient/checkout")
    _ = try #require(try await client.cart("patient") { $0.status == .paying })
    service.send(SIGTERM)
    let paid = try await checkout
    #expect(paid.status == 200)
    #expect(paid.reply.cart?.orders.count == 1)
    #expect(await service.exit(within: .seconds(30)) == 0)
  }

  @Test func aDebugLogThatCannotBeWrittenIsAWarningAndTheServiceRunsOn() async throws {
    let folder = try temporaryFolder()
    let unwritable = folder.appendingPathComponent("no such folder/actuate.jsonl").path
    let service = try await ServiceProcess.start(["--debug-log", unwritable], in: folder)
    let client = CartClient(port: service.port)
    #expect(try await client.add("apple", to: "anyone").status == 200)
    service.send(SIGTERM)
    #expect(await service.exit(within: .seconds(30)) == 0)
    let log = try String(contentsOf: service.standardError, encoding: .utf8)
    #expect(log.contains("warning"))
    #expect(log.contains("the debug log is off"))
  }

  @Test func theSweepEvictsAnIdleCart() async throws {
    let folder = try temporaryFolder()
    let service = try await ServiceProcess.start(["--idle-timeout", "0.2"], in: folder)
    let client = CartClient(port: service.port)
    #expect(try await client.add("apple", to: "idle").status == 200)
    #expect(try await client.carts(until: 0) == 0)
    #expect(try await client.get("/carts/idle").status == 404)
    service.send(SIGINT)
    #expect(await service.exit(within: .seconds(30)) == 0)
  }
}

extension CartClient {
  /// Asks `/health` until it answers `status`, at most `tries` times, 10 ms apart, and returns its last answer.
  func healthStatus(until status: Int, tries: Int = 500) async throws -> Int {
    var last = 0
    for _ in 0..<tries {
      last = try await get("/health").status
      if last == status { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    return last
  }

  /// Asks `/health` until it holds `count` carts, at most `tries` times, 10 ms apart, and returns the last count.
  func carts(until count: Int, tries: Int = 500) async throws -> Int? {
    var last: Int?
    for _ in 0..<tries {
      last = try await get("/health").reply.carts
      if last == count { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    return last
  }
}

func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cart-service-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// Each line of a JSON-lines file as its string fields; a line that is not a JSON object fails the test.
func jsonLines(_ file: URL) throws -> [[String: String]] {
  try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    return object.compactMapValues { $0 as? String }
  }
}
