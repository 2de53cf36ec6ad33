/// A bare cart in a plain actor: the baseline a load run measures ``StoreCartSession`` against.
///
/// It handles only what the load run sends, adding and removing items, as directly as Swift allows: one hop
/// onto the actor, a write, and the cart handed back. Coupons, quotes and checkouts need the cancellation
/// rules a store provides, so this session does not offer them.
public actor ActorCartSession: CartSession {
  private var cart = Cart()

  public init(name: String, services: CartServices) {}

  public nonisolated var persists: Bool { false }

  public static func handles(_ action: CartInteractor.Action) -> Bool {
    switch action {
    case .add, .remove: true
    case .applyCoupon, .quote, .checkout, .cancel: false
    }
  }

  public func perform(_ action: CartInteractor.Action) -> CartResult {
    switch action {
    case .add(let sku, let quantity): cart.lines[sku, default: 0] += quantity
    case .remove(let sku): cart.lines[sku] = nil
    case .applyCoupon, .quote, .checkout, .cancel: break
    }
    return CartResult(outcome: .completed, cart: cart)
  }

  public func read() -> Cart { cart }

  public nonisolated func cancel(_ work: CartWork) {}

  public nonisolated func stop() {}

  public nonisolated func waitUntilStopped() async {}

  public nonisolated func delete() async throws(SessionRefusal) {}
}
