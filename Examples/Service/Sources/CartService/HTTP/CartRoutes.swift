import Hummingbird
import Logging

/// The HTTP API over a ``SessionRegistry``.
///
/// Adding an item makes the cart if it does not exist yet; every other endpoint needs an existing cart, and
/// answers 404 without one. A path or method no endpoint serves is a 404 too, in the same JSON.
///
/// | endpoint | action |
/// | --- | --- |
/// | `GET /health` | 200 while the service runs, with the carts held and those still stopping; 503 once it shuts down |
/// | `GET /carts/:cart` | the cart |
/// | `DELETE /carts/:cart` | stops the cart (its checkout or quotes are cancelled, their cleanups run) and deletes it |
/// | `POST /carts/:cart/items` `{"sku", "quantity"}` | adds |
/// | `DELETE /carts/:cart/items/:sku` | removes |
/// | `POST /carts/:cart/coupon` `{"code"}` | checks a coupon; the newest code wins |
/// | `POST /carts/:cart/quotes/:carrier` | asks a carrier for a quote, two at a time |
/// | `DELETE /carts/:cart/quotes/:carrier` | cancels that quote |
/// | `POST /carts/:cart/checkout` | pays; one at a time |
/// | `DELETE /carts/:cart/checkout` | cancels the checkout |
struct CartRoutes<Session: CartSession>: Sendable {
  let registry: SessionRegistry<Session>
  let logger: Logger

  func add(to router: Router<BasicRequestContext>) {
    router.add(middleware: JSONErrors())
    router.get("health") { _, _ in await health() }
    router.get("carts/:cart") { _, context in
      try await read(context.parameters.require("cart"))
    }
    router.delete("carts/:cart") { _, context in
      try await close(context.parameters.require("cart"))
    }
    router.post("carts/:cart/items") { request, context in
      let cart = try context.parameters.require("cart")
      return await perform(cart, creating: true) { () throws(BadRequest) in
        try await request.decodeBody(as: AddItem.self).action()
      }
    }
    router.delete("carts/:cart/items/:sku") { _, context in
      let sku = try context.parameters.require("sku")
      return try await perform(context.parameters.require("cart")) { .remove(sku: sku) }
    }
    router.post("carts/:cart/coupon") { request, context in
      try await perform(context.parameters.require("cart")) { () throws(BadRequest) in
        try await request.decodeBody(as: ApplyCoupon.self).action()
      }
    }
    router.post("carts/:cart/quotes/:carrier") { _, context in
      let carrier = try context.parameters.require("carrier")
      return try await perform(context.parameters.require("cart")) { .quote(carrier: carrier) }
    }
    router.delete("carts/:cart/quotes/:carrier") { _, context in
      let carrier = try context.parameters.require("carrier")
      return try await cancel(.quote(carrier: carrier), in: context.parameters.require("cart"))
    }
    router.post("carts/:cart/checkout") { _, context in
      try await perform(context.parameters.require("cart")) { .checkout }
    }
    router.delete("carts/:cart/checkout") { _, context in
      try await cancel(.checkout, in: context.parameters.require("cart"))
    }
  }

  /// Reads and checks the request into an action first, so a bad request never reaches the cart.
  private func perform(
    _ cart: String, creating: Bool = false, _ makeAction: () async throws(BadRequest) -> CartInteractor.Action
  ) async -> Response {
    let action: CartInteractor.Action
    do {
      action = try await makeAction()
    } catch {
      return .json(.badRequest, CartReply(error: error.message))
    }
    guard Session.handles(action) else {
      return .json(
        .notImplemented,
        CartReply(
          error: "this server holds its carts in plain actors (--backend actor), which only add and remove items"))
    }
    do {
      let result = try await registry.withSession(cart, creating: creating) { session throws(SessionRefusal) in
        try await session.perform(action)
      }
      if result.outcome != .completed {
        logger.info("\(action.name) \(result.outcome)", metadata: ["cart": "\(cart)"])
      }
      return .json(CartReply.of(result, for: action))
    } catch {
      if case .lost(let reason) = error {
        logger.warning("\(action.name) not saved: \(reason)", metadata: ["cart": "\(cart)"])
      }
      return .refusal(error)
    }
  }

  private func read(_ cart: String) async -> Response {
    do {
      let read = try await registry.withSession(cart, creating: false) { session throws(SessionRefusal) in
        try await session.read()
      }
      return .json(.ok, CartReply(cart: read))
    } catch {
      return .refusal(error)
    }
  }

  /// Answers 202 once the cancel is sent: the request running the cancelled work answers with what it did.
  private func cancel(_ work: CartWork, in cart: String) async -> Response {
    do {
      try await registry.withSession(cart, creating: false) { $0.cancel(work) }
      return .json(.accepted, CartReply(outcome: "cancel sent"))
    } catch {
      return .refusal(error)
    }
  }

  private func close(_ cart: String) async -> Response {
    do {
      try await registry.remove(cart)
    } catch {
      return .refusal(error)
    }
    logger.info("closed cart", metadata: ["cart": "\(cart)"])
    return .json(.ok, CartReply(outcome: "closed"))
  }

  private func health() async -> Response {
    guard await !registry.isShuttingDown else { return .refusal(.shuttingDown) }
    return .json(.ok, CartReply(outcome: "running", carts: await registry.count, stopping: await registry.stopping))
  }
}
