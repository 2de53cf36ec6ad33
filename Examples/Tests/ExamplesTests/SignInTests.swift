import Actuate
import ActuateTesting
@testable import SignIn
import Testing

@Suite("SignIn example")
struct SignInTests {
  let credential = Credential(provider: "email", subject: "ada@example.com")
  let token = Token(value: "t0k3n")
  let ada = User(id: "1815", name: "Ada Lovelace")

  var auth: AuthService {
    AuthService(
      signInWithEmail: { [credential] _, _ in credential },
      signInWithProvider: { provider in Credential(provider: provider.rawValue, subject: "ada") },
      fetchToken: { [token] _ in token },
      fetchUser: { [ada] _ in ada }
    )
  }

  @Test func signingInWithAnEmailGoesThroughEachStepInOrder() async {
    let store = TestStore(initialState: .init(), interactor: SignInInteractor(auth: auth))
    await store.send(.signInWithEmail(email: "ada@example.com", password: Redacted("secret"))) {
      $0.status = .authenticating(.email("ada@example.com"))
    }
    await store.receive(.authenticated(credential)) { $0.status = .fetchingToken }
    await store.receive(.tokenReceived(token)) {
      $0.token = token
      $0.status = .fetchingUser
    }
    await store.receive(.userReceived(ada)) { $0.status = .signedIn(ada) }
    await store.finish()
  }

  @Test func signingInWithAProviderTakesTheSameStepsAfterItsOwn() async {
    let store = TestStore(initialState: .init(), interactor: SignInInteractor(auth: auth))
    await store.send(.signInWithProvider(.apple)) { $0.status = .authenticating(.provider(.apple)) }
    await store.receive(.authenticated(Credential(provider: "apple", subject: "ada"))) { $0.status = .fetchingToken }
    await store.receive(.tokenReceived(token)) {
      $0.token = token
      $0.status = .fetchingUser
    }
    await store.receive(.userReceived(ada)) { $0.status = .signedIn(ada) }
    await store.finish()
  }

  @Test func aFailedStepSignsOutAndSaysWhy() async {
    var auth = self.auth
    auth.fetchToken = { _ in throw Refused() }
    let store = TestStore(initialState: .init(), interactor: SignInInteractor(auth: auth))
    await store.send(.signInWithEmail(email: "ada@example.com", password: Redacted("secret"))) {
      $0.status = .authenticating(.email("ada@example.com"))
    }
    await store.receive(.authenticated(credential)) { $0.status = .fetchingToken }
    await store.step {
      $0.status = .signedOut
      $0.failure = "Sign-in failed: refused"
    }
    await store.finish()
  }

  @Test func signingOutCancelsTheStepInFlight() async {
    let clock = TestClock()
    var auth = self.auth
    auth.fetchToken = { [token] _ in
      try await clock.sleep(for: .seconds(1))
      return token
    }
    let store = TestStore(initialState: .init(), interactor: SignInInteractor(auth: auth), clock: clock)
    await store.send(.signInWithEmail(email: "ada@example.com", password: Redacted("secret"))) {
      $0.status = .authenticating(.email("ada@example.com"))
    }
    await store.receive(.authenticated(credential)) { $0.status = .fetchingToken }
    await store.send(.signOut) { $0.status = .signedOut }
    await clock.advance(by: .seconds(1))  // the token would have come now; nothing more happens
    await store.finish()
  }

  @Test func signingOutWhileSignedOutIsReported() async {
    let store = TestStore(initialState: .init(), interactor: SignInInteractor(auth: auth))
    await store.send(.signOut) { $0.unexpected = .init(action: .signOut, status: .signedOut) }
    await store.finish()
  }

  @Test func aSecondSignInWhileSigningInIsReportedAndTheFirstGoesOn() async {
    let store = TestStore(
      initialState: .init(status: .fetchingToken),
      interactor: SignInInteractor(auth: auth)
    )
    await store.send(.signInWithProvider(.google)) {
      $0.unexpected = .init(action: .signInWithProvider(.google), status: .fetchingToken)
    }
    await store.send(.tokenReceived(token)) {
      $0.token = token
      $0.status = .fetchingUser
    }
    await store.receive(.userReceived(ada)) { $0.status = .signedIn(ada) }
    await store.finish()
  }

  @Test func theDebugLogNeverShowsThePasswordOrTheToken() async {
    let entries = Locked<[String]>([])
    let debug = DebugLog(.custom { entry in entries.withLock { $0.append(entry) } })
    let store = Store(initialState: .init(), interactor: SignInInteractor(auth: auth), debug: .using(debug))
    await store.send(.signInWithEmail(email: "ada@example.com", password: Redacted("pa55word"))).finish()
    for await state in store.states where state.status == .signedIn(ada) { break }
    store.stop()
    await store.flushDebugLog()

    let log = entries.withLock { $0.joined(separator: "\n") }
    #expect(!log.contains("pa55word") && !log.contains(token.value))
    #expect(log.contains(#"action .signInWithEmail(email: "ada@example.com", password: <redacted>)"#))
    #expect(log.contains("action .tokenReceived(<redacted>)"))
    #expect(log.contains("-   token: nil,\n+   token: <redacted>,"))
  }
}

private struct Refused: Error, CustomStringConvertible {
  var description: String { "refused" }
}
