import Actuate

/// A cart held by an Actuate store: the cart's rules (``CartInteractor``) run as its policies say.
public final class StoreCartSession: CartSession {
  let store: Store<CartInteractor>

  public init(name: String, services: CartServices) {
    store = Store(state: Cart(), interactor: CartInteractor(services: services))
  }

  public static func handles(_ action: CartInteractor.Action) -> Bool { true }

  public func perform(_ action: CartInteractor.Action) async -> CartResult {
    let outcome = await store.sendAndWait(action)
    // A second hop onto the store: another request's change may already show in what it reads.
    return CartResult(outcome: outcome, cart: await store.state)
  }

  public func read() async -> Cart {
    await store.state
  }

  public func cancel(_ work: CartWork) {
    switch work {
    case .checkout: store.cancel(id: CartInteractor.checkoutID)
    case .quote(let carrier): store.cancel(id: CartInteractor.quoteID(carrier))
    }
  }

  public func stop() {
    store.stop()
  }

  public func waitUntilStopped() async {
    // The store ends every sequence of its states once it has stopped, after its cleanups ran.
    for await _ in store.states {}
  }
}
