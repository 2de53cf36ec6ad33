import CartService
import Foundation
import Testing

/// Two service processes behind nginx, one killed under load: its carts go on in the other, no add that was
/// answered 200 is lost, and none is counted twice.
@Suite(
  .enabled(if: TestDatabase.url != nil, TestDatabase.skipped),
  .enabled(if: Balancer.isInstalled, "nginx is not installed (apt-get install -y nginx): the failover test is skipped"),
  .timeLimit(.minutes(2)))
struct FailoverTests {
  /// What the clients sent: every add has a SKU of its own, so a cart shows each add apart.
  actor Tally {
    var acknowledged: [String: Set<String>] = [:]
    var sent: [String: Set<String>] = [:]
    /// Carts that answered 200 after the kill.
    var servedAfterKill: Set<String> = []
    var killed = false
    private var untilKill: Int
    private let killNow: AsyncStream<Void>.Continuation

    init(killAfter adds: Int, killNow: AsyncStream<Void>.Continuation) {
      untilKill = adds
      self.killNow = killNow
    }

    func sending(_ sku: String, to cart: String) { sent[cart, default: []].insert(sku) }

    func answered(_ status: Int, _ sku: String, in cart: String) {
      guard status == 200 else { return }
      acknowledged[cart, default: []].insert(sku)
      if killed { servedAfterKill.insert(cart) }
      untilKill -= 1
      if untilKill == 0 { killNow.yield() }
    }

    func markKilled() { killed = true }
  }

  @Test func killingOneOfTwoProcessesUnderLoadLosesNoAcknowledgedAdd() async throws {
    let url = try #require(TestDatabase.url)
    let folder = try temporaryFolder()
    let arguments = ["--lease", "1", "--log-level", "error"]
    let first = try await ServiceProcess.start(arguments, in: folder, environment: ["DATABASE_URL": url])
    let second = try await ServiceProcess.start(arguments, in: folder, environment: ["DATABASE_URL": url])
    let balancer = try await Balancer.start(in: folder, servers: [first.port, second.port])
    let client = CartClient(port: balancer.port)

    let carts = (0..<8).map { TestDatabase.newCart("failover\($0)") }
    let (killNow, kill) = AsyncStream<Void>.makeStream()
    let tally = Tally(killAfter: 100, killNow: kill)
    let workers = 8
    let addsPerWorker = 80
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await _ in killNow {
          first.send(SIGKILL)
          await tally.markKilled()
          return
        }
      }
      for worker in 0..<workers {
        group.addTask {
          for add in 0..<addsPerWorker {
            let cart = carts[(worker + add) % carts.count]
            let sku = "w\(worker)-\(add)"
            await tally.sending(sku, to: cart)
            let status = (try? await client.add(sku, to: cart).status) ?? 0
            await tally.answered(status, sku, in: cart)
            // A refused add (the cart's lease is still the killed process's) waits as a client told to retry.
            if status != 200 { try await Task.sleep(for: .milliseconds(50)) }
          }
        }
      }
      // Every worker has ended: the kill has happened, or was never due.
      for _ in 0..<workers { try await group.next() }
      kill.finish()
      try await group.waitForAll()
    }
    #expect(await tally.killed)
    _ = await first.exit(within: .seconds(10))

    for cart in carts {
      let lines = try #require(try await client.cart(cart) { _ in true }?.lines)
      let acknowledged = await tally.acknowledged[cart] ?? []
      let sent = await tally.sent[cart] ?? []
      #expect(acknowledged.isSubset(of: Set(lines.keys)), "an add answered 200 is missing from \(cart)")
      #expect(lines.values.allSatisfy { $0 == 1 }, "an add is counted twice in \(cart)")
      #expect(Set(lines.keys).isSubset(of: sent))
    }
    #expect(await tally.servedAfterKill == Set(carts), "every cart goes on after the kill")
    second.send(SIGTERM)
    #expect(await second.exit(within: .seconds(30)) == 0)
    try await balancer.stop()
  }
}
