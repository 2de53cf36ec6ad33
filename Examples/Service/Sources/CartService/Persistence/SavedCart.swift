/// What of a ``Cart`` outlives its process: its items, coupon, quotes and orders. What a running action
/// holds (a payment under way, a coupon or quote being checked) is left out: the action that set it died with
/// its process, so a cart loaded elsewhere must not wait for it.
struct SavedCart: Codable, Sendable {
  var lines: [String: Int]
  var coupon: String?
  var discountPercent: Int
  var quotes: [String: Int]
  var orders: [Order]

  init(_ cart: Cart) {
    lines = cart.lines
    coupon = cart.coupon
    discountPercent = cart.discountPercent
    quotes = cart.quotes
    orders = cart.orders
  }

  func restore(into cart: inout Cart) {
    cart.lines = lines
    cart.coupon = coupon
    cart.discountPercent = discountPercent
    cart.quotes = quotes
    cart.orders = orders
  }
}
