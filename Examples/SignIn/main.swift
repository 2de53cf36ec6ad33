import Actuate

let store = Store(initialState: .init(), interactor: SignInInteractor(auth: .demo))

let printer = Task {
  var previous = await store.state
  print(describe(previous.status))
  for await state in store.states.dropFirst() {
    if state.status != previous.status { print(describe(state.status)) }
    if state.failure != previous.failure, let failure = state.failure { print("  \(failure)") }
    if state.unexpected != previous.unexpected, let unexpected = state.unexpected {
      print("  unexpected: .\(unexpected.action) while \(describe(unexpected.status))")
    }
    previous = state
  }
}

func describe(_ status: SignInInteractor.Status) -> String {
  switch status {
  case .signedOut: "signed out"
  case .authenticating(.email(let email)): "authenticating \(email)"
  case .authenticating(.provider(let provider)): "authenticating with \(provider)"
  case .fetchingToken: "fetching a token"
  case .fetchingUser: "fetching the user"
  case .signedIn(let user): "signed in as \(user.name)"
  }
}

/// Sends a sign-in and waits until its flow comes to rest: signed in, or signed out after a failure. Its
/// first step has ended by the time the loop starts, so an earlier failure cannot be mistaken for its own.
func signIn(_ action: SignInInteractor.Action) async {
  await store.send(action).finish()
  for await state in store.states {
    if case .signedIn = state.status { return }
    if state.status == .signedOut, state.failure != nil { return }
  }
}

await signIn(.signInWithEmail(email: "ada@example.com", password: Redacted("guess")))
await signIn(.signInWithEmail(email: "ada@example.com", password: Redacted("secret")))
await store.send(.signOut).finish()
await store.send(.signOut).finish()  // makes no sense while signed out: reported, not ignored
await signIn(.signInWithProvider(.apple))
store.stop()
await printer.value
