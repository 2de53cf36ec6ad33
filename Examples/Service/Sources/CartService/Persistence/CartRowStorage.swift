import Actuate

/// A cart's row in PostgreSQL as a store's storage: it loads what was read when the lease was taken, and
/// saves through the lease, so that a save returns only once PostgreSQL has committed it under this lease.
struct CartRowStorage: StateStorage {
  let lease: CartLease
  /// Read in the statement that took the lease: no other process can have written since.
  let loaded: StoredState?

  func load() async throws -> StoredState? { loaded }

  func save(_ state: StoredState) async throws {
    try await lease.save(state)
  }

  func setAside(reason: String) async throws -> String? {
    try await lease.setAside(reason: reason)
  }
}
