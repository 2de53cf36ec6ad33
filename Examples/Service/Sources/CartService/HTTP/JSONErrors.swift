import Hummingbird

/// Gives the errors Hummingbird answers by itself the JSON every endpoint answers with: a path or method no
/// endpoint serves is a 404 whose `error` names it, not an empty body.
struct JSONErrors<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as any HTTPResponseError where error.status == .notFound {
      return .json(
        .notFound,
        CartReply(
          error: "no endpoint answers \(request.method.rawValue) \(request.uri.path): the service's README lists them"))
    } catch let error as HTTPError {
      return .json(error.status, CartReply(error: error.body ?? error.status.reasonPhrase))
    }
  }
}
