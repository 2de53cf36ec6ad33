import Actuate

let service = SessionService(
  login: { try await Task.sleep(for: .milliseconds(400)) },
  logout: { try? await Task.sleep(for: .milliseconds(200)) }
)

/// Logs in, forces a logout while the login is in flight, and prints every status the session went through.
func forcedLogoutDuringLogin(_ ordering: SessionInteractor.Ordering) async {
  let store = Store(initialState: .init(), interactor: SessionInteractor(service: service, ordering: ordering))
  // Subscribed before the first send, so no status is missed; the values wait in the subscription's buffer.
  var updates = store.values(\.status).makeAsyncIterator()
  var statuses = [await updates.next()]
  let login = store.send(.login)
  try? await Task.sleep(for: .milliseconds(100))
  await store.send(.forceLogout).finish()
  let outcome = await login.finish()
  store.stop()
  while let status = await updates.next() { statuses.append(status) }
  print("\(ordering):".padding(12), statuses.map { "\($0!)" }.joined(separator: " → "), " (login \(outcome))")
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}

await forcedLogoutDuringLogin(.newestWins)
await forcedLogoutDuringLogin(.serial)
