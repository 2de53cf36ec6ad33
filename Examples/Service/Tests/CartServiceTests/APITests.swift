import CartService
import Testing

/// The HTTP API's answers, from a real client on 127.0.0.1.
@Suite struct APITests {
  @Test func addingAnItemStartsACartThatAnswersWithItsState() async throws {
    try await withLiveServer { client, _ in
      let first = try await client.add("apple", 2, to: "alice")
      #expect(first.status == 200)
      #expect(first.reply.outcome == "completed")
      #expect(first.reply.cart?.lines == ["apple": 2])
      _ = try await client.add("pear", to: "alice")
      let read = try await client.get("/carts/alice")
      #expect(read.status == 200)
      #expect(read.reply.cart?.lines == ["apple": 2, "pear": 1])
      let removed = try await client.delete("/carts/alice/items/apple")
      #expect(removed.reply.cart?.lines == ["pear": 1])
    }
  }

  @Test func aMalformedBodyIsA400ThatLeavesTheCartAlone() async throws {
    try await withLiveServer { client, _ in
      _ = try await client.add("apple", to: "bob")
      let cases: [(String, String)] = [
        (#"{"sku": "apple", "quantity": 2"#, "malformed JSON body: not valid JSON"),
        (#"{"sku": "apple"}"#, #"malformed JSON body: missing field "quantity""#),
        (#"{"sku": "apple", "quantity": "two"}"#, #"malformed JSON body: field "quantity" must be a whole number"#),
        (#"{"sku": "apple", "quantity": 0}"#, "quantity must be from 1 to 1000"),
        ("", "malformed JSON body: not valid JSON"),
      ]
      for (body, message) in cases {
        let answer = try await client.post("/carts/bob/items", body)
        #expect(answer.status == 400, "\(body)")
        #expect(answer.reply.error == message, "\(body)")
        #expect(answer.reply.cart == nil)
      }
      let coupon = try await client.post("/carts/bob/coupon", "[]")
      #expect(coupon.status == 400)
      #expect(try await client.get("/carts/bob").reply.cart?.lines == ["apple": 1])
    }
  }

  @Test func onlyAddingAnItemStartsACart() async throws {
    try await withLiveServer { client, registry in
      for answer in [
        try await client.get("/carts/nobody"),
        try await client.delete("/carts/nobody"),
        try await client.delete("/carts/nobody/items/apple"),
        try await client.post("/carts/nobody/coupon", #"{"code": "SAVE10"}"#),
        try await client.post("/carts/nobody/quotes/ups"),
        try await client.post("/carts/nobody/checkout"),
        try await client.delete("/carts/nobody/checkout"),
      ] {
        #expect(answer.status == 404)
        #expect(answer.reply.error == #"there is no cart "nobody": adding an item starts one"#)
      }
      #expect(await registry.count == 0)
    }
  }

  @Test func concurrentRequestsToOneCartGiveExactTotals() async throws {
    try await withLiveServer { client, _ in
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for request in 0..<400 {
          group.addTask { try await client.add("sku\(request % 4)", 1 + request % 3, to: "busy").status }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
      }
      #expect(statuses.count == 400 && statuses.allSatisfy { $0 == 200 })
      let cart = try #require(try await client.get("/carts/busy").reply.cart)
      // Each sku gets 100 requests, a third of them each of 1, 2 and 3 items (as request % 3 spreads them).
      let expected = (0..<4).map { sku in (0..<400).filter { $0 % 4 == sku }.map { 1 + $0 % 3 }.reduce(0, +) }
      #expect(
        cart.lines == Dictionary(uniqueKeysWithValues: expected.enumerated().map { ("sku\($0.offset)", $0.element) }))
      #expect(cart.itemCount == expected.reduce(0, +))
    }
  }

  @Test func aSecondCheckoutWhileOnePaysIsRefused() async throws {
    try await withLiveServer { client, _ in
      _ = try await client.add("apple", 3, to: "carol")
      async let first = client.post("/carts/carol/checkout")
      _ = try #require(try await client.cart("carol") { $0.status == .paying })
      let second = try await client.post("/carts/carol/checkout")
      #expect(second.status == 409)
      #expect(second.reply.outcome == "cancelled (already running)")
      #expect(second.reply.error == "a checkout is already running for this cart")
      let paid = try await first
      #expect(paid.status == 200)
      #expect(paid.reply.cart?.orders == [Order(number: 1, lines: ["apple": 3], discountPercent: 0)])
      #expect(paid.reply.cart?.lines == [:])
    }
  }

  @Test func cancellingACheckoutByIdRunsItsCleanup() async throws {
    let slowPayment = CartServices(paymentDelay: .seconds(30))
    try await withLiveServer(services: slowPayment) { client, _ in
      _ = try await client.add("apple", to: "dave")
      async let checkout = client.post("/carts/dave/checkout")
      _ = try #require(try await client.cart("dave") { $0.status == .paying })
      let cancel = try await client.delete("/carts/dave/checkout")
      #expect(cancel.status == 202)
      let cancelled = try await checkout
      #expect(cancelled.status == 409)
      #expect(cancelled.reply.outcome == "cancelled (explicit)")
      #expect(cancelled.reply.cart?.status == .open)
      #expect(cancelled.reply.cart?.notice == "checkout cancelled (explicit): nothing was charged")
      #expect(cancelled.reply.cart?.orders == [])
    }
  }

  @Test func theNewestCouponWins() async throws {
    try await withLiveServer { client, _ in
      _ = try await client.add("apple", to: "erin")
      async let older = client.post("/carts/erin/coupon", #"{"code": "SAVE10"}"#)
      _ = try #require(try await client.cart("erin") { $0.checkingCoupon == "SAVE10" })
      let newer = try await client.post("/carts/erin/coupon", #"{"code": "SAVE20"}"#)
      #expect(newer.status == 200)
      #expect(newer.reply.cart?.coupon == "SAVE20")
      #expect(newer.reply.cart?.discountPercent == 20)
      let superseded = try await older
      #expect(superseded.status == 409)
      #expect(superseded.reply.outcome == "cancelled (superseded)")
      let invalid = try await client.post("/carts/erin/coupon", #"{"code": "FREE"}"#)
      #expect(invalid.reply.cart?.notice == "coupon FREE is not valid")
      #expect(invalid.reply.cart?.coupon == "SAVE20")
      let valid = try await client.post("/carts/erin/coupon", #"{"code": "SAVE15"}"#)
      #expect(valid.status == 200)
      #expect(valid.reply.cart?.coupon == "SAVE15")
      #expect(valid.reply.cart?.notice == nil, "the invalid code's notice goes once a valid one applies")
    }
  }

  @Test func aRouteNoEndpointServesIsAJSON404() async throws {
    try await withLiveServer { client, _ in
      _ = try await client.add("apple", to: "jay")
      let answers = [
        ("GET /nowhere", try await client.get("/nowhere")),
        ("POST /carts/jay", try await client.post("/carts/jay")),
        ("DELETE /carts/jay/coupon", try await client.delete("/carts/jay/coupon")),
      ]
      for (request, answer) in answers {
        #expect(answer.status == 404, "\(request)")
        #expect(answer.reply.error == "no endpoint answers \(request): the service's README lists them")
        #expect(answer.reply.cart == nil)
      }
      #expect(try await client.get("/carts/jay").reply.cart?.lines == ["apple": 1])
    }
  }

  @Test func twoQuotesRunAtOnceAndAWaitingOneCanBeCancelledByItsCarrier() async throws {
    // The first two quotes are held until the waiting one is cancelled: a delay would race the test's polls.
    let gate = Gate()
    var services = CartServices(quoteDelay: .zero)
    services.quoteGate = { _ in await gate.pass() }
    try await withLiveServer(services: services) { client, _ in
      _ = try await client.add("apple", to: "fay")
      async let ups = client.post("/carts/fay/quotes/ups")
      async let dhl = client.post("/carts/fay/quotes/dhl")
      _ = try #require(try await client.cart("fay") { $0.quoting == ["ups", "dhl"] })
      async let fedex = client.post("/carts/fay/quotes/fedex")
      // Waits its turn: the cart asks two carriers at a time.
      #expect(try await client.cart("fay", tries: 20) { $0.quoting.contains("fedex") } == nil)
      #expect(try await client.delete("/carts/fay/quotes/fedex").status == 202)
      let cancelled = try await fedex
      gate.open()
      #expect(cancelled.status == 409)
      #expect(cancelled.reply.outcome == "cancelled (explicit)")
      #expect(try await ups.status == 200)
      #expect(try await dhl.status == 200)
      let cart = try #require(try await client.get("/carts/fay").reply.cart)
      #expect(Set(cart.quotes.keys) == ["ups", "dhl"])
      #expect(cart.quoting.isEmpty)
    }
    // Let go whatever still waits, had the test failed before it opened the gate.
    gate.open()
  }

  @Test func closingACartCancelsItsCheckoutAndForgetsIt() async throws {
    let slowPayment = CartServices(paymentDelay: .seconds(30))
    try await withLiveServer(services: slowPayment) { client, registry in
      _ = try await client.add("apple", to: "gus")
      async let checkout = client.post("/carts/gus/checkout")
      _ = try #require(try await client.cart("gus") { $0.status == .paying })
      #expect(try await client.delete("/carts/gus").status == 200)
      let cut = try await checkout
      #expect(cut.status == 503)
      #expect(cut.reply.outcome == "cancelled (store stopped)")
      #expect(cut.reply.cart?.notice == "checkout cancelled (store stopped): nothing was charged")
      #expect(try await client.get("/carts/gus").status == 404)
      #expect(await registry.count == 0)
    }
  }

  @Test func theActorBackendHandlesItemsOnly() async throws {
    try await withLiveServer(ActorCartSession.self) { client, _ in
      #expect(try await client.add("apple", 2, to: "hal").reply.cart?.lines == ["apple": 2])
      let checkout = try await client.post("/carts/hal/checkout")
      #expect(checkout.status == 501)
      #expect(try await client.get("/carts/hal").reply.cart?.lines == ["apple": 2])
    }
  }

  @Test func healthSaysHowManyCartsAreHeld() async throws {
    try await withLiveServer { client, _ in
      _ = try await client.add("apple", to: "ivy")
      let health = try await client.get("/health")
      #expect(health.status == 200)
      #expect(health.reply.carts == 1)
      #expect(health.reply.stopping == 0)
    }
  }
}
