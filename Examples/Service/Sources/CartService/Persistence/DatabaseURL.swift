import Foundation
import PostgresNIO

/// Where the carts are kept: a `postgres://user[:password]@host[:port]/database` URL, from `DATABASE_URL`.
public struct DatabaseURL: Sendable, CustomStringConvertible {
  /// The server's host name or address.
  public let host: String
  /// The server's port: 5432 unless the URL says.
  public let port: Int
  /// The role the service connects as.
  public let user: String
  /// Kept out of ``description``, so that logs never show it.
  let password: String?
  /// The database the carts' tables are in: the user's name unless the URL says.
  public let database: String

  /// Reads `text`, or throws a ``ConfigurationError`` that shows the form expected.
  public init(_ text: String) throws(ConfigurationError) {
    let expected = "DATABASE_URL \(text) (expected postgres://user[:password]@host[:port]/database)"
    guard let url = URLComponents(string: text), url.scheme == "postgres" || url.scheme == "postgresql",
      let host = url.host, !host.isEmpty, let user = url.user, !user.isEmpty
    else { throw ConfigurationError(setting: expected) }
    let database = String(url.path.drop { $0 == "/" })
    self.host = host
    port = url.port ?? 5432
    self.user = user
    password = url.password
    self.database = database.isEmpty ? user : database
  }

  /// The URL without its password, for logs and messages.
  public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

  /// A client for the database; it connects once its `run()` runs. TLS is not used: the example's database
  /// listens on 127.0.0.1 only.
  func client(logger: Logger) -> PostgresClient {
    let configuration = PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: .disable)
    return PostgresClient(configuration: configuration, backgroundLogger: logger)
  }
}
