import Actuate
import ActuateTesting
import Testing

/// Signing in takes internal steps that only the store sends itself: outside code sends `Request`s.
struct SignIn: Interactor {
  struct State: Equatable, Sendable {
    var token: String?
    var user: String?
  }

  /// What outside code may send.
  enum Request: Equatable, Sendable {
    case signIn(email: String)
  }

  enum Action: Equatable, Sendable {
    case request(Request)
    case tokenReceived(String)
    case userLoaded(String)
  }

  typealias PublicAction = Request

  func action(from request: Request) -> Action { .request(request) }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .request(.signIn(let email)):
      store.send(.tokenReceived("token-for-\(email)"))
    case .tokenReceived(let token):
      store.token = token
      store.send(.userLoaded("Ada"))
    case .userLoaded(let user):
      store.user = user
    }
  }
}

@Suite("Internal actions")
struct InternalActionTests {
  @Test func internalStepsAreReceivedInOrder() async {
    let store = TestStore(initialState: .init(), interactor: SignIn())
    await store.send(.signIn(email: "ada@example.com"))
    await store.receive(.tokenReceived("token-for-ada@example.com")) { $0.token = "token-for-ada@example.com" }
    await store.receive(.userLoaded("Ada")) { $0.user = "Ada" }
    await store.finish()
  }

  @Test func outsideCodeSendsOnlyPublicActions() async {
    let store = Store(initialState: .init(), interactor: SignIn())
    // `store.send(.tokenReceived("forged"))` does not compile: `Store.send` takes a `Request`.
    await store.send(.signIn(email: "ada@example.com")).finish()
    var user = store.values(\.user).makeAsyncIterator()
    while await user.next() == nil {}
    #expect(await store.state == .init(token: "token-for-ada@example.com", user: "Ada"))
  }
}
