import Foundation
import Hummingbird

/// A request the service cannot act on; answered with a 400 and the message, before any cart is touched.
struct BadRequest: Error {
  let message: String
}

/// `POST /carts/:cart/items`: `{"sku": "apple", "quantity": 2}`.
struct AddItem: Decodable {
  let sku: String
  let quantity: Int

  func action() throws(BadRequest) -> CartInteractor.Action {
    guard !sku.isEmpty, sku.count <= 64 else { throw BadRequest(message: "sku must have 1 to 64 characters") }
    guard (1...1_000).contains(quantity) else { throw BadRequest(message: "quantity must be from 1 to 1000") }
    return .add(sku: sku, quantity: quantity)
  }
}

/// `POST /carts/:cart/coupon`: `{"code": "SAVE10"}`.
struct ApplyCoupon: Decodable {
  let code: String

  func action() throws(BadRequest) -> CartInteractor.Action {
    guard !code.isEmpty, code.count <= 32 else { throw BadRequest(message: "code must have 1 to 32 characters") }
    return .applyCoupon(code)
  }
}

extension Request {
  /// The body decoded as `T`, or a ``BadRequest`` that says, in a line, what is wrong with it.
  func decodeBody<T: Decodable>(as type: T.Type) async throws(BadRequest) -> T {
    let body: ByteBuffer
    do {
      var request = self
      body = try await request.collectBody(upTo: 16 * 1024)
    } catch {
      throw BadRequest(message: "the body must be JSON of at most 16 KiB")
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(body.readableBytesView))
    } catch let error as DecodingError {
      throw BadRequest(message: "malformed JSON body: \(error.summary)")
    } catch {
      throw BadRequest(message: "malformed JSON body")
    }
  }
}

extension DecodingError {
  /// One line for a client, instead of the decoder's nested description.
  var summary: String {
    switch self {
    case .keyNotFound(let key, _): "missing field \"\(key.stringValue)\""
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      "field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" must be \(type == Int.self ? "a whole number" : "\(type)")"
    case .dataCorrupted: "not valid JSON"
    @unknown default: "not what this endpoint takes"
    }
  }
}
