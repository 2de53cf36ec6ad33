/// One shopper's cart: what is in it, a coupon, shipping quotes, and the orders paid from it.
///
/// This is the state a session's store owns, and the JSON every endpoint answers with.
public struct Cart: Equatable, Sendable, Codable {
  /// Whether a payment is under way.
  public enum Status: String, Equatable, Sendable, Codable {
    /// Items can be added, and a checkout started.
    case open
    /// A checkout is paying; items added meanwhile stay for the next one.
    case paying
  }

  /// Quantities by SKU.
  public var lines: [String: Int] = [:]
  /// The coupon that applies, once it has been checked.
  public var coupon: String?
  /// The coupon's discount, or 0 without one.
  public var discountPercent = 0
  /// The code being checked right now: a newer code supersedes it.
  public var checkingCoupon: String?
  /// Shipping prices in cents, by carrier.
  public var quotes: [String: Int] = [:]
  /// Carriers asked for a quote that have not answered yet.
  public var quoting: Set<String> = []
  /// Whether a payment is under way.
  public var status = Status.open
  /// What each paid checkout charged for, in order.
  public var orders: [Order] = []
  /// The last thing the shopper should be told: an invalid coupon, a cancelled checkout.
  public var notice: String?

  /// An empty cart.
  public init() {}

  /// How many items the cart holds.
  public var itemCount: Int { lines.values.reduce(0, +) }
}

/// A paid checkout.
public struct Order: Equatable, Sendable, Codable {
  /// Counts up from 1 in each cart.
  public var number: Int
  /// What was paid for: quantities by SKU.
  public var lines: [String: Int]
  public var discountPercent: Int

  /// An order of `lines`.
  public init(number: Int, lines: [String: Int], discountPercent: Int) {
    self.number = number
    self.lines = lines
    self.discountPercent = discountPercent
  }
}
