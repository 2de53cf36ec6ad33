import ActuateTesting
import CartService
import Foundation
import Testing

/// A cart's session recorded where it ran, in the built service behind real HTTP, and replayed as a test.
@Suite struct SessionReplayTests {
  /// Runs the service with `ACTUATE_RECORD` naming a folder, sends one cart's requests, and stops the service
  /// with SIGTERM, which writes every session out; returns the folder.
  private func recordCart(_ cart: String, other: String) async throws -> URL {
    let folder = try temporaryFolder()
    let sessions = folder.appendingPathComponent("sessions/")
    let service = try await ServiceProcess.start(
      ["--payment-delay", "50", "--coupon-delay", "20", "--quote-delay", "20"], in: folder,
      environment: ["ACTUATE_RECORD": sessions.path + "/"])
    let client = CartClient(port: service.port)
    #expect(try await client.add("apple", 2, to: cart).status == 200)
    #expect(try await client.add("pear", to: other).status == 200)
    #expect(try await client.add("plum", 3, to: cart).status == 200)
    #expect(try await client.delete("/carts/\(cart)/items/plum").status == 200)
    #expect(try await client.post("/carts/\(cart)/coupon", #"{"code": "SAVE10"}"#).status == 200)
    #expect(try await client.post("/carts/\(cart)/coupon", #"{"code": "NOPE"}"#).status == 200)
    #expect(try await client.post("/carts/\(cart)/quotes/ups").status == 200)
    let paid = try await client.post("/carts/\(cart)/checkout")
    #expect(paid.status == 200)
    #expect(paid.reply.cart?.orders.count == 1)
    service.send(SIGTERM)
    #expect(await service.exit(within: .seconds(30)) == 0)
    return sessions
  }

  @Test func aCartsSessionRecordedLiveReplays() async throws {
    let sessions = try await recordCart("replayed", other: "bystander")
    let session = sessions.appendingPathComponent("cart-replayed.jsonl")
    let lines = try String(contentsOf: session, encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.contains(#""store":"cart replayed""#) == true)
    #expect(lines.contains { $0.contains(#""kind":"answer","dependency":"pay""#) })
    #expect(lines.last == #"{"kind":"stopped"}"#)
    // The other cart's requests are in a file of its own.
    #expect(!lines.contains { $0.contains("pear") })
    #expect(FileManager.default.fileExists(atPath: sessions.appendingPathComponent("cart-bystander.jsonl").path))
    // The services are never called: the replay answers them from the session.
    try await replay(session: session, interactor: CartInteractor(services: CartServices()))
  }
}
