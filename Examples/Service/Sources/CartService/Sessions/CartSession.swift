import Actuate

/// A cart as the HTTP layer holds it, whichever way its state is kept: a ``StoreCartSession`` runs the cart's
/// rules in an Actuate store, an ``ActorCartSession`` keeps a bare cart in a plain actor, for comparison.
public protocol CartSession: AnyObject, Sendable {
  /// Makes the cart of the session called `name`.
  init(name: String, services: CartServices)

  /// Whether the cart is kept somewhere after it stops (a database), so that a stop must finish, its last
  /// changes saved, before the cart is opened again.
  var persists: Bool { get }

  /// Whether this kind of session handles `action` at all.
  static func handles(_ action: CartInteractor.Action) -> Bool

  /// Runs `action` and answers how it ended, with the cart as the action left it. Throws
  /// ``SessionRefusal/lost(_:)`` when the session may no longer write its cart, or its change could not be
  /// made durable: the change must not be acknowledged.
  func perform(_ action: CartInteractor.Action) async throws(SessionRefusal) -> CartResult

  /// The cart as it is now; throws as ``perform(_:)`` does.
  func read() async throws(SessionRefusal) -> Cart

  /// Cancels the cart's checkout, or the quote asked of one carrier, whether it waits or runs.
  func cancel(_ work: CartWork)

  /// Begins to stop the cart: what it runs is cancelled, so cleanups run, and later actions are refused.
  func stop()

  /// Waits until the cart has stopped and its cleanups have run.
  func waitUntilStopped() async

  /// Waits until the cart has stopped, as ``waitUntilStopped()`` does, then deletes it from where it is
  /// kept, so that no later request finds it. Call ``stop()`` first. Throws ``SessionRefusal/lost(_:)`` when
  /// it could not be deleted: another process took it over, or the database failed.
  func delete() async throws(SessionRefusal)
}

/// How an action ended, and the cart it produced.
public struct CartResult: Sendable {
  public var outcome: ActionOutcome
  /// The cart as the action left it.
  public var cart: Cart
}

/// Work a client can cancel by name.
public enum CartWork: Equatable, Sendable, Codable {
  case checkout
  case quote(carrier: String)
}
