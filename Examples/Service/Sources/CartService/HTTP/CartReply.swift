import Actuate
import Foundation
import Hummingbird

/// The JSON every endpoint answers with: how the action ended, what went wrong, and the cart.
struct CartReply: Encodable {
  var outcome: String?
  var error: String?
  var cart: Cart?
  var carts: Int?
  var stopping: Int?

  /// The status and reply for an action's result: 200 for a completed action; 409 for one that lost to
  /// another under the cart's rules; 503 for one the cart was stopped under.
  static func of(_ result: CartResult, for action: CartInteractor.Action) -> (HTTPResponse.Status, CartReply) {
    let reply = { (error: String?) in CartReply(outcome: "\(result.outcome)", error: error, cart: result.cart) }
    switch result.outcome {
    case .completed:
      return (.ok, reply(nil))
    case .cancelled(.storeStopped), .rejected:
      return (
        .serviceUnavailable,
        reply("the cart was stopped before this ended: it was closed, or the server is shutting down")
      )
    case .cancelled(.alreadyRunning):
      return (.conflict, reply("a \(action.name) is already running for this cart"))
    case .cancelled(.superseded):
      return (.conflict, reply("a newer \(action.name) superseded this one"))
    case .cancelled(.explicit):
      return (.conflict, reply("the \(action.name) was cancelled by a DELETE request"))
    case .cancelled(let reason):
      return (.conflict, reply("the \(action.name) was cancelled (\(reason))"))
    }
  }

  static func refusal(_ refusal: SessionRefusal) -> (HTTPResponse.Status, CartReply) {
    switch refusal {
    case .unknown(let name):
      (.notFound, CartReply(error: "there is no cart \"\(name)\": adding an item starts one"))
    case .full(let limit):
      (
        .serviceUnavailable,
        CartReply(error: "the server holds its limit of \(limit) carts, every one busy: try again later")
      )
    case .shuttingDown:
      (.serviceUnavailable, CartReply(error: "the server is shutting down"))
    case .heldElsewhere(let cart, let holder, let seconds):
      (
        .serviceUnavailable,
        CartReply(
          error:
            "cart \"\(cart)\" is held by another server process (\(holder)) for up to \(seconds) s more: send its requests there, or try again after that"
        )
      )
    case .lost(let reason):
      (.serviceUnavailable, CartReply(error: "the cart's change, if any, was not saved: \(reason). Try again"))
    case .storage(let reason):
      (.serviceUnavailable, CartReply(error: "the cart could not be loaded: \(reason)"))
    }
  }
}

extension CartInteractor.Action {
  /// How replies name the action.
  var name: String {
    switch self {
    case .add: "add"
    case .remove: "remove"
    case .applyCoupon: "coupon check"
    case .quote: "quote"
    case .checkout: "checkout"
    case .cancel: "cancel"
    }
  }
}

extension Response {
  /// Sorted keys, so that a reply reads the same however the cart's dictionaries happen to be ordered; a
  /// path in an error reads as it was sent, `/nowhere` rather than `\/nowhere`.
  private static let encoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  static func json(_ status: HTTPResponse.Status, _ reply: CartReply) -> Response {
    // Encoding a reply of strings, numbers and dictionaries keyed by strings cannot fail.
    let data = (try? encoder.encode(reply)) ?? Data("{}".utf8)
    return Response(
      status: status, headers: [.contentType: "application/json"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  static func json(_ pair: (HTTPResponse.Status, CartReply)) -> Response {
    json(pair.0, pair.1)
  }

  /// The answer to a request refused for `refusal`. A 503 whose cart is free again at a known time says
  /// when in `Retry-After`, so that a client or a balancer waits that long rather than guess.
  static func refusal(_ refusal: SessionRefusal) -> Response {
    var response = json(CartReply.refusal(refusal))
    if let seconds = refusal.retryAfterSeconds { response.headers[.retryAfter] = "\(seconds)" }
    return response
  }
}

extension SessionRefusal {
  /// In how many seconds the request may succeed, when that is known: a lease held elsewhere runs out by
  /// then. A full registry, a shutdown or a failed database give no such time.
  var retryAfterSeconds: Int? {
    switch self {
    case .heldElsewhere(_, _, let seconds): seconds
    case .unknown, .full, .shuttingDown, .lost, .storage: nil
    }
  }
}
