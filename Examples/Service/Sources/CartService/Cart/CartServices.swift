/// The outside services a cart calls: a payment provider, a coupon checker and shipping carriers.
///
/// They are stand-ins that take as long as they are told to, so a test or a curl session can catch a
/// checkout in the middle, and a load run can make them instant.
public struct CartServices: Sendable {
  /// How long a payment takes.
  public var paymentDelay: Duration
  /// How long checking a coupon takes.
  public var couponDelay: Duration
  /// How long a carrier takes to quote.
  public var quoteDelay: Duration
  /// Awaited by each quote after its delay, with the carrier's name: a test holds quotes here until it has
  /// done what must happen while they run, rather than race a delay.
  public var quoteGate: @Sendable (String) async throws -> Void = { _ in }

  /// Services that take as long as they are told.
  public init(
    paymentDelay: Duration = .seconds(2), couponDelay: Duration = .milliseconds(300),
    quoteDelay: Duration = .milliseconds(500)
  ) {
    self.paymentDelay = paymentDelay
    self.couponDelay = couponDelay
    self.quoteDelay = quoteDelay
  }

  /// Charges for `lines`. Throws `CancellationError` if its task is cancelled first, and then charges nothing.
  func pay(for lines: [String: Int]) async throws {
    try await Task.sleep(for: paymentDelay)
  }

  /// The discount a code gives, or `nil` for a code that is not valid: `SAVE` followed by a percentage.
  func discount(for code: String) async throws -> Int? {
    try await Task.sleep(for: couponDelay)
    guard code.hasPrefix("SAVE"), let percent = Int(code.dropFirst(4)), (1...50).contains(percent) else { return nil }
    return percent
  }

  /// The carrier's price for shipping `items` items, in cents.
  func quote(from carrier: String, items: Int) async throws -> Int {
    try await Task.sleep(for: quoteDelay)
    try await quoteGate(carrier)
    return 400 + 50 * items + 10 * carrier.utf8.count
  }
}
