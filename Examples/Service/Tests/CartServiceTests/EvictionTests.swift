import CartService
import Testing

/// The registry's bounds: idle carts are evicted, busy ones never are, and a full registry makes room.
@Suite struct EvictionTests {
  @Test func anIdleCartIsEvictedAndItsSessionIsGone() async throws {
    try await withLiveServer { client, registry in
      _ = try await client.add("apple", to: "old")
      #expect(await registry.evictIdle(now: .now) == 0)
      #expect(await registry.evictIdle(now: .now + registry.limits.idleTimeout) == 1)
      #expect(try await client.get("/carts/old").status == 404)
      // Adding an item starts a new, empty cart.
      #expect(try await client.add("pear", to: "old").reply.cart?.lines == ["pear": 1])
    }
  }

  @Test func aCartWithARequestRunningIsNeverEvicted() async throws {
    try await withLiveServer { client, registry in
      _ = try await client.add("apple", to: "paying")
      async let checkout = client.post("/carts/paying/checkout")
      _ = try #require(try await client.cart("paying") { $0.status == .paying })
      #expect(await registry.evictIdle(now: .now + .seconds(3600)) == 0)
      #expect(try await checkout.status == 200)
      #expect(await registry.evictIdle(now: .now + .seconds(3600)) == 1)
    }
  }

  @Test func aFullRegistryEvictsTheCartIdleLongest() async throws {
    try await withLiveServer(limits: SessionLimits(maxSessions: 2)) { client, registry in
      for cart in ["a", "b"] { _ = try await client.add("apple", to: cart) }
      _ = try await client.get("/carts/a")  // b is now the one idle longest
      _ = try await client.add("apple", to: "c")
      #expect(await registry.count == 2)
      #expect(try await client.get("/carts/b").status == 404)
      #expect(try await client.get("/carts/a").status == 200)
      #expect(try await client.get("/carts/c").status == 200)
    }
  }

  @Test func aFullRegistryOfBusyCartsRefusesANewOne() async throws {
    try await withLiveServer(limits: SessionLimits(maxSessions: 1)) { client, _ in
      _ = try await client.add("apple", to: "busy")
      async let checkout = client.post("/carts/busy/checkout")
      _ = try #require(try await client.cart("busy") { $0.status == .paying })
      let refused = try await client.add("apple", to: "another")
      #expect(refused.status == 503)
      #expect(refused.reply.error == "the server holds its limit of 1 carts, every one busy: try again later")
      // No cart's end can be foreseen, so the answer names no time to retry at.
      #expect(refused.retryAfter == nil)
      #expect(try await checkout.status == 200)
    }
  }

  @Test func concurrentRequestsForOneNewCartFindTheSameCart() async throws {
    try await withLiveServer { client, registry in
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<50 { group.addTask { _ = try await client.add("apple", to: "new") } }
        try await group.waitForAll()
      }
      #expect(await registry.count == 1)
      #expect(try await client.get("/carts/new").reply.cart?.lines == ["apple": 50])
    }
  }
}
