/// Why a cart could not be loaded from or saved to PostgreSQL.
public enum CartStoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The database did not answer, or answered with an error: the text says which.
  case unreachable(String)
  /// Another process took the cart's lease (its fence moved on), so this process may no longer write it.
  case leaseLost(cart: String, fence: Int64)

  /// What went wrong, and what to do about it.
  public var description: String {
    switch self {
    case .unreachable(let reason):
      "PostgreSQL failed: \(reason). Start it (Examples/Service/Scripts/postgres.sh start) and check that DATABASE_URL names it, or unset DATABASE_URL to keep carts in memory"
    case .leaseLost(let cart, let fence):
      "this process lost cart \"\(cart)\" (fence \(fence)) to another process, so it cannot save it"
    }
  }
}
