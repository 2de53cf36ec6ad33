/// The server calls behind a session.
struct SessionService: Sendable {
  var login: @Sendable () async throws -> Void
  var logout: @Sendable () async -> Void
}
