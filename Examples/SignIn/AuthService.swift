import Actuate

/// Proof from an identity provider that the user is who they say.
struct Credential: Equatable, Sendable {
  let provider: String
  let subject: String
}

/// Our own server's access token: whoever reads it can act as the user, so the debug log shows it as
/// `<redacted>` wherever it appears, in an action, the state or a diff.
struct Token: Equatable, Sendable, DebugRedacted {
  let value: String
}

/// The signed-in user, as our server knows them.
struct User: Equatable, Sendable {
  let id: String
  let name: String
}

/// Identity providers the user can sign in with instead of an email.
enum Provider: String, Equatable, Sendable {
  case apple
  case google
}

/// The three services of a sign-in: the identity provider (email or a provider), then our server's token,
/// then the user behind it.
struct AuthService: Sendable {
  var signInWithEmail: @Sendable (_ email: String, _ password: String) async throws -> Credential
  var signInWithProvider: @Sendable (Provider) async throws -> Credential
  var fetchToken: @Sendable (Credential) async throws -> Token
  var fetchUser: @Sendable (Token) async throws -> User
}
