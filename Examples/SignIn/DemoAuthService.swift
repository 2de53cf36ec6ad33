/// Why a demo sign-in failed.
enum AuthError: Error, CustomStringConvertible {
  case wrongPassword

  var description: String { "wrong password" }
}

/// Services that take a moment each and accept the password "secret", for the demo.
extension AuthService {
  static let demo = AuthService(
    signInWithEmail: { email, password in
      try await Task.sleep(for: .milliseconds(150))
      guard password == "secret" else { throw AuthError.wrongPassword }
      return Credential(provider: "email", subject: email)
    },
    signInWithProvider: { provider in
      try await Task.sleep(for: .milliseconds(150))
      return Credential(provider: provider.rawValue, subject: "ada")
    },
    fetchToken: { credential in
      try await Task.sleep(for: .milliseconds(100))
      return Token(value: "token-for-\(credential.subject)")
    },
    fetchUser: { _ in
      try await Task.sleep(for: .milliseconds(100))
      return User(id: "1815", name: "Ada Lovelace")
    }
  )
}
