import Actuate

/// A cart held by an Actuate store: the cart's rules (``CartInteractor``) run as its policies say.
///
/// Made with ``open(_:creating:services:table:)``, the cart persists in PostgreSQL: it is loaded as the
/// store is made, under a lease, and an action is answered only once its change is saved.
public final class StoreCartSession: CartSession {
  let store: Store<CartInteractor>
  /// The cart's lease, when it persists.
  let lease: CartLease?

  public init(name: String, services: CartServices) {
    store = Store(initialState: Cart(), interactor: CartInteractor(services: services), name: "cart \(name)")
    lease = nil
  }

  private init(store: Store<CartInteractor>, lease: CartLease) {
    self.store = store
    self.lease = lease
  }

  /// Opens the cart called `name` from `table`: takes its lease, then makes its store from what was saved.
  /// Without `creating`, a cart never saved is ``SessionRefusal/unknown(_:)``.
  public static func open(
    _ name: String, creating: Bool, services: CartServices, table: CartTable
  ) async throws(SessionRefusal) -> StoreCartSession {
    let (lease, saved) = try await table.acquire(name, creating: creating)
    let persistence = Persistence<Cart>(
      storage: CartRowStorage(lease: lease, loaded: saved), saving: { SavedCart($0) },
      restoring: { cart, saved in saved.restore(into: &cart) })
    let store = await Store(
      initialState: Cart(), interactor: CartInteractor(services: services), name: "cart \(name)",
      persistence: persistence)
    return StoreCartSession(store: store, lease: lease)
  }

  public var persists: Bool { lease != nil }

  public static func handles(_ action: CartInteractor.Action) -> Bool { true }

  public func perform(_ action: CartInteractor.Action) async throws(SessionRefusal) -> CartResult {
    try await lease?.check()
    // The cart is read in the same step as the action's end, so no other request's later change shows in it.
    let (outcome, cart) = await store.sendAndWait(action, reading: { $0 })
    try await saved()
    return CartResult(outcome: outcome, cart: cart)
  }

  /// Returns once the cart's changes so far are committed, when it persists; throws
  /// ``SessionRefusal/lost(_:)`` if they cannot be.
  private func saved() async throws(SessionRefusal) {
    guard lease != nil else { return }
    try await Self.refusingAsLost { try await store.waitUntilSaved() }
  }

  /// Runs `write`, a write to the database, and throws what it throws as ``SessionRefusal/lost(_:)``: the
  /// change was not kept.
  private static func refusingAsLost(_ write: () async throws -> Void) async throws(SessionRefusal) {
    do {
      try await write()
    } catch let error as CartStoreError {
      throw .lost(error)
    } catch {
      throw .lost(.unreachable("\(error)"))
    }
  }

  public func read() async throws(SessionRefusal) -> Cart {
    try await lease?.check()
    return await store.state
  }

  public func cancel(_ work: CartWork) {
    store.send(.cancel(work))
  }

  public func stop() {
    store.stop()
  }

  public func waitUntilStopped() async {
    // The store ends every sequence of its states once it has stopped, after its cleanups ran.
    for await _ in store.states {}
    guard let lease else { return }
    // What the cleanups changed is saved before the lease goes: the next holder loads it.
    try? await store.waitUntilSaved()
    await lease.release()
  }

  public func delete() async throws(SessionRefusal) {
    for await _ in store.states {}
    guard let lease else { return }
    // The last saves land first: one landing after the delete would fail, and warn of a lost lease.
    try? await store.waitUntilSaved()
    try await Self.refusingAsLost { try await lease.delete() }
  }
}
