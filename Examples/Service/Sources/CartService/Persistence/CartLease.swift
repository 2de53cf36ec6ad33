import Actuate

/// This process's right to write one cart: the fence it was given, and until when it knows the right holds.
///
/// An actor, so that a cart's saves and renewals run one at a time, and so that once a save fails every
/// later one does too: the store holds a change that was not acknowledged, and a later save must not make
/// it durable behind the back of a client that was told it failed and may send it again.
actor CartLease {
  nonisolated let cart: String
  /// Moves on at every lease of the cart: a save names it, and writes only while it is still the cart's.
  nonisolated let fence: Int64
  let table: CartTable
  /// When the lease may have expired, as this process's clock knows: it was taken or extended no earlier
  /// than the moment this was counted from.
  private var validUntil: ContinuousClock.Instant
  /// Why this lease may not write any more, once it may not.
  private var broken: CartStoreError?

  init(cart: String, fence: Int64, table: CartTable, validUntil: ContinuousClock.Instant) {
    self.cart = cart
    self.fence = fence
    self.table = table
    self.validUntil = validUntil
  }

  /// Makes sure the lease still holds before a request is answered from the cart in memory: past half its
  /// duration, it is renewed, which fails if another process has taken the cart since it expired.
  func check() async throws(SessionRefusal) {
    if let broken { throw .lost(broken) }
    let started = ContinuousClock.now
    guard started >= validUntil - table.leaseDuration / 2 else { return }
    do {
      guard try await table.renew(cart: cart, fence: fence) else {
        throw CartStoreError.leaseLost(cart: cart, fence: fence)
      }
      validUntil = started + table.leaseDuration
    } catch let error as CartStoreError {
      broken = error
      throw .lost(error)
    } catch {
      throw .lost(.unreachable("\(error)"))
    }
  }

  /// Saves `state`, if this lease may still write; once a save has failed, none is tried again.
  func save(_ state: StoredState) async throws {
    if let broken { throw broken }
    let started = ContinuousClock.now
    do {
      guard try await table.save(state, cart: cart, fence: fence) else {
        throw CartStoreError.leaseLost(cart: cart, fence: fence)
      }
      validUntil = started + table.leaseDuration
    } catch let error as CartStoreError {
      broken = error
      throw error
    }
  }

  /// Gives the lease up once the cart's store has stopped and saved, so that another process may take it at
  /// once rather than after it expires.
  func release() async {
    guard broken == nil else { return }
    broken = .leaseLost(cart: cart, fence: fence)
    try? await table.release(cart: cart, fence: fence)
  }

  /// Deletes the cart's row, if this lease may still write it; nothing is written under this lease after.
  func delete() async throws {
    if let broken { throw broken }
    do {
      guard try await table.delete(cart: cart, fence: fence) else {
        throw CartStoreError.leaseLost(cart: cart, fence: fence)
      }
      broken = .leaseLost(cart: cart, fence: fence)
    } catch let error as CartStoreError {
      broken = error
      throw error
    }
  }

  func setAside(reason: String) async throws -> String? {
    if let broken { throw broken }
    try await table.setAside(cart: cart, fence: fence, reason: reason)
    return "unreadable_carts (id \(cart), fence \(fence))"
  }
}
