import Actuate

/// A session as a state machine — logged out, logging in, logged in, logging out — where a forced logout
/// (the server revoked the session, say) may arrive at any time, even while a login is in flight.
///
/// What happens to the login in flight is a policy choice, and this interactor takes it as a parameter so
/// that the two can be compared:
///
/// - ``Ordering/newestWins``: the forced logout cancels the login at once. The login's result never lands,
///   and the user never sees a session that is already revoked.
/// - ``Ordering/serial``: the forced logout waits for the login to finish, then logs out. Every request
///   completes in the order sent, so the server sees a login and a logout, never a login cut short.
struct SessionInteractor: Interactor {
  enum Status: Equatable, Sendable {
    case loggedOut
    case loggingIn
    case loggedIn
    case loggingOut
  }

  enum Ordering: Sendable {
    case newestWins
    case serial
  }

  /// An action that arrived in a status where it has no meaning.
  struct Unexpected: Equatable, Sendable {
    let action: Action
    let status: Status
  }

  struct State: Equatable, Sendable {
    var status = Status.loggedOut
    var unexpected: Unexpected?
  }

  enum Action: Equatable, Sendable {
    case login
    case logout
    case forceLogout
  }

  let service: SessionService
  let ordering: Ordering

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    await transitions.apply(action, to: store)
  }

  // Laid out as Docs/StateMachines.md shows it (the table's columns aligned), so swift format leaves it alone.
  // swift-format-ignore
  /// Which action, in which status, moves the session to which status, and the request it makes then. An
  /// action with no row (logging out while logged out) is recorded in `unexpected`, for the screen to show.
  var transitions: TransitionTable<Self, Status> {
    TransitionTable(\.status, onMissing: { action, status, store in
      store.unexpected = Unexpected(action: action, status: status)
    }) {
      Move(on: .login,       from: .loggedOut,                           to: .loggingIn,  run: logIn)
      Move(on: .logout,      from: .loggedIn,                            to: .loggingOut, run: logOut)
      Move(on: .forceLogout, from: [.loggingIn, .loggedIn, .loggingOut], to: .loggingOut, run: logOut)
    }
  }

  private var logIn: Move<Self, Status>.Work {
    { [service] _, store in
      do {
        try await service.login()
        store.status = .loggedIn
      } catch {
        store.status = .loggedOut
      }
    }
  }

  private var logOut: Move<Self, Status>.Work {
    { [service] _, store in
      await service.logout()
      store.status = .loggedOut
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch (ordering, action) {
    case (.serial, _): .serial(id: SessionRequest())
    case (.newestWins, .forceLogout): .cancelPrevious(id: SessionRequest())
    // Not cancelPrevious: a second tap on "log in" would cancel the login in flight, then find the status
    // it left behind (logging in) and refuse to start, leaving the session stuck. The policy cannot see the
    // state, so the tap that must not win is dropped instead.
    case (.newestWins, .login), (.newestWins, .logout): .dropNew(id: SessionRequest())
    }
  }

  private struct SessionRequest: Hashable {}
}
