import Actuate

/// A cart's rules, as its store runs them.
///
/// - Adding and removing items run at once, side by side: a cart's totals are exact however many requests
///   arrive together, because every write happens on the store.
/// - A newer coupon supersedes the one being checked: the newest code wins, and a slow answer for an older
///   code never lands.
/// - A cart asks at most two carriers for a quote at a time; the others wait their turn, and each can be
///   cancelled by its carrier, waiting or running.
/// - One checkout at a time: a second one, while the first pays, is refused. A checkout can be cancelled;
///   then nothing is charged and the cart is open again.
public struct CartInteractor: Interactor {
  public typealias State = Cart

  /// What a request asks of a cart. `Codable`, so that a recorded session of a cart holds its requests.
  public enum Action: Equatable, Sendable, Codable {
    /// Adds `quantity` of an item.
    case add(sku: String, quantity: Int)
    /// Takes every item of a SKU out.
    case remove(sku: String)
    /// Checks a coupon code; a valid one applies.
    case applyCoupon(String)
    /// Asks a carrier what shipping costs.
    case quote(carrier: String)
    /// Pays for what is in the cart.
    case checkout
    /// Cancels a checkout or a quote. A client's cancel is an action, as any outside code's is: its handler
    /// cancels at once, inside the store, in order with the cart's other actions.
    case cancel(CartWork)
  }

  // Recorded, so that a cart's recorded session holds their answers and replays without calling them.
  let discount: Recorded<String, Int?>
  let quote: Recorded<QuoteRequest, Int>
  let pay: Recorded<[String: Int], Void>

  /// A cart that calls `services`.
  public init(services: CartServices) {
    discount = Recorded("discount") { code in try await services.discount(for: code) }
    quote = Recorded("quote") { request in try await services.quote(from: request.carrier, items: request.items) }
    pay = Recorded("pay") { lines in try await services.pay(for: lines) }
  }

  /// What a carrier is asked to quote for.
  struct QuoteRequest: Codable, Sendable {
    let carrier: String
    let items: Int
  }

  /// The id that cancels a running checkout.
  public static let checkoutID = CheckoutID()

  /// The id that cancels the quote asked of `carrier`, whether it waits or runs.
  public static func quoteID(_ carrier: String) -> QuoteID { QuoteID(carrier: carrier) }

  /// The cancel id of a cart's checkout.
  public struct CheckoutID: Hashable, Sendable {}
  /// The cancel id of the quote asked of one carrier.
  public struct QuoteID: Hashable, Sendable { let carrier: String }
  struct CouponCheck: Hashable, Sendable {}
  struct Carriers: Hashable, Sendable {}

  /// The cart's concurrency rules, as listed above.
  public func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .add, .remove, .cancel: .concurrent
    case .applyCoupon: .cancelPrevious(id: CouponCheck())
    case .quote(let carrier): .limit(id: Carriers(), max: 2, whenFull: .wait).also(id: Self.quoteID(carrier))
    case .checkout: .dropNew(id: Self.checkoutID)
    }
  }

  /// What each action does to the cart.
  public func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .add(let sku, let quantity):
      store.lines[sku, default: 0] += quantity

    case .remove(let sku):
      store.lines[sku] = nil

    case .applyCoupon(let code):
      store.checkingCoupon = code
      let percent = try? await discount(code)
      store.checkingCoupon = nil
      if let percent {
        store.coupon = code
        store.discountPercent = percent
        store.notice = nil  // an earlier code's "is not valid" no longer applies
      } else {
        store.notice = "coupon \(code) is not valid"
      }

    case .quote(let carrier):
      store.quoting.insert(carrier)
      let price = try? await quote(QuoteRequest(carrier: carrier, items: store.itemCount))
      store.quoting.remove(carrier)
      store.quotes[carrier] = price

    case .checkout:
      guard store.itemCount > 0 else {
        store.notice = "the cart is empty: nothing to pay for"
        return
      }
      store.status = .paying
      let paid = store.lines
      do {
        try await pay(paid)
      } catch {
        return  // cancelled: onCancel reopens the cart
      }
      // Items added while the payment ran stay in the cart for the next checkout.
      for (sku, quantity) in paid {
        let left = (store.lines[sku] ?? 0) - quantity
        store.lines[sku] = left > 0 ? left : nil
      }
      store.orders.append(Order(number: store.orders.count + 1, lines: paid, discountPercent: store.discountPercent))
      store.status = .open
      store.notice = nil

    case .cancel(.checkout):
      store.cancel(id: Self.checkoutID)

    case .cancel(.quote(let carrier)):
      store.cancel(id: Self.quoteID(carrier))
    }
  }

  /// A cancelled handler's own writes no longer land, so what it set up is undone here.
  public func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    switch action {
    case .applyCoupon:
      store.checkingCoupon = nil
    case .quote(let carrier):
      store.quoting.remove(carrier)
    case .checkout:
      store.status = .open
      store.notice = "checkout cancelled (\(reason)): nothing was charged"
    case .add, .remove, .cancel:
      break
    }
  }
}
