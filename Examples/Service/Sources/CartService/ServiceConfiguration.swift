import Logging

/// The service's settings, from its arguments and environment.
public struct ServiceConfiguration: Sendable {
  /// What holds each session's cart.
  public enum Backend: String, Sendable {
    /// An Actuate store, running the cart's rules.
    case store
    /// A plain actor, the baseline for load runs: items only.
    case actor
  }

  /// The address to listen on.
  public var host = "127.0.0.1"
  /// 0 asks the system for a free port; the service prints the one it got.
  public var port = 8080
  public var backend = Backend.store
  /// How many carts are held, and for how long.
  public var limits = SessionLimits()
  /// How long running requests get to end once shutdown begins.
  public var grace = Duration.seconds(5)
  /// The swift-log level; it also decides which of Actuate's entries are logged.
  public var logLevel = Logger.Level.info
  /// Where Actuate's debug log goes, as JSON lines, besides swift-log.
  public var debugLogPath: String?
  /// How long the stand-in services take.
  public var services = CartServices()
  /// Where carts persist, from `DATABASE_URL`; without it, carts live in memory only.
  public var database: DatabaseURL?
  /// How long a cart's lease lasts without a save: how long a cart held by a killed process waits.
  public var leaseDuration = Duration.seconds(10)

  /// The defaults.
  public init() {}

  /// Reads `--name value` pairs, after `PORT`, `LOG_LEVEL` and `DATABASE_URL` from the environment.
  public init(arguments: [String], environment: [String: String] = [:]) throws(ConfigurationError) {
    if let url = environment["DATABASE_URL"], !url.isEmpty { database = try DatabaseURL(url) }
    var settings: [(String, String)] = [("--port", environment["PORT"]), ("--log-level", environment["LOG_LEVEL"])]
      .compactMap { name, value in value.map { (name, $0) } }
    var rest = arguments[...]
    while let name = rest.popFirst() {
      guard name.hasPrefix("--"), let value = rest.popFirst() else { throw ConfigurationError(setting: name) }
      settings.append((name, value))
    }
    for (name, value) in settings { try set(name, to: value) }
    if database != nil, backend == .actor {
      throw ConfigurationError(
        setting: "--backend actor with DATABASE_URL (the actor backend keeps carts in memory only)")
    }
  }

  private mutating func set(_ name: String, to value: String) throws(ConfigurationError) {
    let setting = "\(name) \(value)"
    let seconds = Double(value).map { Duration.milliseconds(Int(($0 * 1000).rounded())) }
    let milliseconds = Int(value).map { Duration.milliseconds($0) }
    switch name {
    case "--host": host = value
    case "--port": port = try Int(value).filter { (0...65_535).contains($0) }.orThrow(setting)
    case "--backend": backend = try Backend(rawValue: value).orThrow(setting)
    case "--max-carts": limits.maxSessions = try Int(value).filter { $0 > 0 }.orThrow(setting)
    case "--idle-timeout": limits.idleTimeout = try seconds.filter { $0 > .zero }.orThrow(setting)
    case "--grace": grace = try seconds.orThrow(setting)
    case "--log-level": logLevel = try Logger.Level(rawValue: value).orThrow(setting)
    case "--debug-log": debugLogPath = value
    case "--lease": leaseDuration = try seconds.filter { $0 > .zero }.orThrow(setting)
    case "--payment-delay": services.paymentDelay = try milliseconds.orThrow(setting)
    case "--coupon-delay": services.couponDelay = try milliseconds.orThrow(setting)
    case "--quote-delay": services.quoteDelay = try milliseconds.orThrow(setting)
    default: throw ConfigurationError(setting: setting)
    }
  }

  /// What `--help` prints.
  public static let usage = """
    usage: cart-service [--name value]...  (or --help)
      --port N             port to listen on (or PORT); 0 picks a free one; default 8080
      --host ADDRESS       address to listen on; default 127.0.0.1
      --backend store|actor  hold each cart in an Actuate store (default) or a plain actor (items only)
      --max-carts N        carts held at most; default 10000
      --idle-timeout S     seconds without a request before a cart is evicted; default 300
      --grace S            seconds running requests get at shutdown before they are cancelled; default 5
      --log-level LEVEL    trace, debug, info (default), notice, warning, error, critical (or LOG_LEVEL)
      --debug-log PATH     also write Actuate's debug log to PATH, as JSON lines
      --lease S            seconds a cart's lease lasts without a save, with DATABASE_URL; default 10
    DATABASE_URL=postgres://user@host:port/database keeps carts in PostgreSQL (Scripts/postgres.sh start
    prints one); without it, carts live in memory and are gone once evicted.
      --payment-delay MS, --coupon-delay MS, --quote-delay MS
                           how long the stand-in services take; default 2000, 300, 500
    ACTUATE_RECORD=/path/to/folder/ records each cart's session to cart-NAME.jsonl there, for a test to
    replay (Docs/Sessions.md); carts in PostgreSQL are not recorded.
    """
}

/// A setting the service does not know, or a value it cannot use.
public struct ConfigurationError: Error, CustomStringConvertible {
  /// The setting and its value, as given.
  public let setting: String
  /// Says which setting.
  public var description: String { "cannot use the setting \(setting)" }
}

extension Optional {
  fileprivate func filter(_ isValid: (Wrapped) -> Bool) -> Self {
    flatMap { isValid($0) ? $0 : nil }
  }

  fileprivate func orThrow(_ setting: String) throws(ConfigurationError) -> Wrapped {
    guard let self else { throw ConfigurationError(setting: setting) }
    return self
  }
}
