import AsyncHTTPClient
import CartService
import Foundation
import Hummingbird

/// A real HTTP client for the service on 127.0.0.1, answering with the status and the decoded reply.
struct CartClient: Sendable {
  let port: Int

  struct Reply: Decodable, Sendable {
    var outcome: String?
    var error: String?
    var cart: Cart?
    var carts: Int?
    var stopping: Int?
  }

  struct Answer: Sendable {
    var status: Int
    var reply: Reply
    /// The `Retry-After` header, if the answer has one.
    var retryAfter: String?
  }

  enum Method { case get, post, delete }

  func get(_ path: String) async throws -> Answer { try await send(.get, path) }
  func delete(_ path: String) async throws -> Answer { try await send(.delete, path) }
  func post(_ path: String, _ body: String? = nil) async throws -> Answer { try await send(.post, path, body: body) }

  func add(_ sku: String, _ quantity: Int = 1, to cart: String) async throws -> Answer {
    try await post("/carts/\(cart)/items", #"{"sku": "\#(sku)", "quantity": \#(quantity)}"#)
  }

  func send(_ method: Method, _ path: String, body: String? = nil) async throws -> Answer {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
    switch method {
    case .get: request.method = .GET
    case .post: request.method = .POST
    case .delete: request.method = .DELETE
    }
    if let body {
      request.headers.add(name: "Content-Type", value: "application/json")
      request.body = .bytes(ByteBuffer(string: body))
    }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let bytes = try await response.body.collect(upTo: 1 << 20)
    let reply = try JSONDecoder().decode(Reply.self, from: Data(bytes.readableBytesView))
    return Answer(
      status: Int(response.status.code), reply: reply, retryAfter: response.headers.first(name: "Retry-After"))
  }

  /// Reads the cart until `isReady` holds, at most `tries` times, 10 ms apart: for a request another task
  /// has sent to reach its handler, which nothing outside the store signals.
  func cart(_ name: String, tries: Int = 500, until isReady: (Cart) -> Bool) async throws -> Cart? {
    for _ in 0..<tries {
      if let cart = try await get("/carts/\(name)").reply.cart, isReady(cart) { return cart }
      try await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }
}
