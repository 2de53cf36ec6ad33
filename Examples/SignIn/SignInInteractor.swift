import Actuate

/// A sign-in in three steps: authenticate (with an email or a provider), fetch our token, fetch the user.
///
/// Each step ends by sending the next one as an action, so the flow reads as a sequence of transitions in a
/// log and a test asserts each step in order. An action that makes no sense in the current status (signing
/// out while signed out, a second sign-in while one runs) is recorded in ``State/unexpected`` rather than
/// ignored: it points at a bug in whoever sent it.
struct SignInInteractor: Interactor {
  enum Method: Equatable, Sendable {
    case email(String)
    case provider(Provider)
  }

  enum Status: Equatable, Sendable {
    case signedOut
    case authenticating(Method)
    case fetchingToken
    case fetchingUser
    case signedIn(User)
  }

  /// An action that arrived in a status where it has no meaning.
  struct Unexpected: Equatable, Sendable {
    let action: Action
    let status: Status
  }

  struct State: Equatable, Sendable {
    var status = Status.signedOut
    var token: Token?
    var failure: String?
    var unexpected: Unexpected?
  }

  enum Action: Equatable, Sendable {
    /// The password is `Redacted`, so the debug log shows the action as
    /// `.signInWithEmail(email: "ada@example.com", password: <redacted>)`.
    case signInWithEmail(email: String, password: Redacted<String>)
    case signInWithProvider(Provider)
    case signOut
    // Internal steps, sent by the store itself.
    case authenticated(Credential)
    case tokenReceived(Token)
    case userReceived(User)
  }

  let auth: AuthService

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    // The status decides what an action means, as in a state machine: each case is one transition.
    switch (action, store.status) {
    case (.signInWithEmail(let email, let password), .signedOut):
      store.status = .authenticating(.email(email))
      store.failure = nil
      do {
        let credential = try await auth.signInWithEmail(email, password.wrappedValue)
        store.send(.authenticated(credential))
      } catch {
        fail(error, store)
      }

    case (.signInWithProvider(let provider), .signedOut):
      store.status = .authenticating(.provider(provider))
      store.failure = nil
      do {
        let credential = try await auth.signInWithProvider(provider)
        store.send(.authenticated(credential))
      } catch {
        fail(error, store)
      }

    case (.authenticated(let credential), .authenticating):
      store.status = .fetchingToken
      do {
        let token = try await auth.fetchToken(credential)
        store.send(.tokenReceived(token))
      } catch {
        fail(error, store)
      }

    case (.tokenReceived(let token), .fetchingToken):
      store.token = token
      store.status = .fetchingUser
      do {
        let user = try await auth.fetchUser(token)
        store.send(.userReceived(user))
      } catch {
        fail(error, store)
      }

    case (.userReceived(let user), .fetchingUser):
      store.status = .signedIn(user)

    case (.signOut, let status) where status != .signedOut:
      // Whichever step runs is cancelled: its later writes and sends are dropped, so it cannot sign back in.
      store.cancel(id: SignInFlow())
      store.status = .signedOut
      store.token = nil

    default:
      store.unexpected = Unexpected(action: action, status: store.status)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .signOut: .concurrent
    // Every step runs under one id, so that signing out reaches the step in flight, whichever it is.
    default: .concurrent(id: SignInFlow())
    }
  }

  private func fail(_ error: any Error, _ store: isolated StoreActor<Self>) {
    store.status = .signedOut
    store.token = nil
    store.failure = "Sign-in failed: \(error)"
  }

  private struct SignInFlow: Hashable {}
}
