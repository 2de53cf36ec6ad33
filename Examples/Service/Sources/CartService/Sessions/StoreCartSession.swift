import Actuate

/// A cart held by an Actuate store: the cart's rules (``CartInteractor``) run as its policies say.
public final class StoreCartSession: CartSession {
  let store: Store<CartInteractor>

  public init(name: String, services: CartServices) {
    store = Store(initialState: Cart(), interactor: CartInteractor(services: services), name: "cart \(name)")
  }

  public static func handles(_ action: CartInteractor.Action) -> Bool { true }

  public func perform(_ action: CartInteractor.Action) async -> CartResult {
    // The cart is read in the same step as the action's end, so no other request's later change shows in it.
    let (outcome, cart) = await store.sendAndWait(action, reading: { $0 })
    return CartResult(outcome: outcome, cart: cart)
  }

  public func read() async -> Cart {
    await store.state
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
  }
}
