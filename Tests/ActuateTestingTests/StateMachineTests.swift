import Actuate
@testable import ActuateTesting
import Testing

// Laid out as Docs/StateMachines.md shows it (the table's columns aligned), so swift format leaves it alone.
// swift-format-ignore
/// The login machine of the Harvest seed, as a table: logging in and out take a second on the store's clock.
struct LoginMachine: StateMachine {
  enum State: Equatable, Sendable { case loggedOut, loggingIn, loggedIn, loggingOut }
  enum Action: Equatable, Sendable { case login, loginOK, logout, logoutOK, forceLogout }

  var transitions: TransitionTable<Self, State> {
    TransitionTable {
      Move(on: .login,       from: .loggedOut,              to: .loggingIn,  run: Self.finish(with: .loginOK))
      Move(on: .loginOK,     from: .loggingIn,              to: .loggedIn)
      Move(on: .logout,      from: .loggedIn,               to: .loggingOut, run: Self.finish(with: .logoutOK))
      Move(on: .logoutOK,    from: .loggingOut,             to: .loggedOut)
      Move(on: .forceLogout, from: [.loggingIn, .loggedIn], to: .loggingOut, run: Self.finish(with: .logoutOK))
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .login, .logout, .forceLogout: .cancelPrevious(id: "session")
    default: .concurrent
    }
  }

  /// Work that takes a second, then reports back.
  static func finish(with action: Action) -> Move<Self, State>.Work {
    { _, store in
      guard (try? await store.sleep(for: .seconds(1))) != nil else { return }
      store.send(action)
    }
  }
}

// Laid out as Docs/StateMachines.md shows it, so swift format leaves it alone.
// swift-format-ignore
/// A machine in one property of a bigger state, with phases that carry payloads and its own missing handler.
struct Upload: Interactor {
  enum Phase: Equatable, Sendable { case idle, sending(Int), done(Int) }
  struct State: Equatable, Sendable {
    var phase = Phase.idle
    var complaints: [String] = []
  }
  enum Action: Equatable, Sendable { case send(Int), finished, reset }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    await Self.table.apply(action, to: store)
  }

  static let table = TransitionTable<Self, Phase>(\.phase, onMissing: { action, phase, store in
    store.complaints.append("\(action) in \(phase)")
  }) {
    Move(on: { if case .send = $0 { true } else { false } }, from: { $0 == .idle }, to: { _, action in
      if case .send(let size) = action { return .sending(size) }
      return .idle
    })
    Move(on: { $0 == .finished }, from: { if case .sending = $0 { true } else { false } }, to: { phase, _ in
      if case .sending(let size) = phase { return .done(size) }
      return phase
    })
    Move(on: .reset, from: { _ in true }, to: .idle)
  }
}

@Suite("State machines")
struct StateMachineTests {
  @Test func aTableDrivesTheMachineAndRunsItsWork() async {
    let clock = TestClock()
    let store = TestStore(initialState: .loggedOut, interactor: LoginMachine(), clock: clock)
    await store.send(.login) { $0 = .loggingIn }
    await clock.advance(by: .seconds(1))
    await store.receive(.loginOK) { $0 = .loggedIn }
    await store.send(.logout) { $0 = .loggingOut }
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutOK) { $0 = .loggedOut }
    await store.finish()
  }

  @Test func aForcedLogoutCancelsALoginInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: .loggedOut, interactor: LoginMachine(), clock: clock)
    await store.send(.login) { $0 = .loggingIn }
    await store.send(.forceLogout) { $0 = .loggingOut }  // a predicate row: from loggingIn or loggedIn
    await clock.advance(by: .seconds(1))
    await store.receive(.logoutOK) { $0 = .loggedOut }  // the login's loginOK never comes
    await store.finish()
  }

  @Test func anActionWithNoTransitionFailsAnExhaustiveTest() async {
    // The store also warns, as any store does; the warning is collected here rather than printed.
    let warnings = Warnings()
    await warnings.collect {
      let store = TestStore(initialState: .loggedOut, interactor: LoginMachine())
      let reported = await failures { await store.send(.logout) }
      #expect(
        reported == [
          "During send(.logout), .logout had no transition from .loggedOut, so it changed nothing. Add a row to the transition table, or pass onMissing: to handle it."
        ])
      await store.finish()
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID) has no transition for .logout from .loggedOut; the action changed nothing. Add a row for it, or pass onMissing: to handle it."
        ])
    }
  }

  @Test func anActionWithNoTransitionIsLoggedAndWarned() async {
    let warnings = Warnings()
    await warnings.collect {
      let store = Store(initialState: .loggedOut, interactor: LoginMachine())
      await store.send(.logout).finish()
      #expect(await store.state == .loggedOut)
      #expect(
        warnings.all == [
          "[Actuate] warning: \(store.storeID) has no transition for .logout from .loggedOut; the action changed nothing. Add a row for it, or pass onMissing: to handle it."
        ])
    }
  }

  @Test func payloadsAndTheUsersOwnMissingHandler() async {
    let store = TestStore(initialState: .init(), interactor: Upload())
    await store.send(.finished) { $0.complaints = ["finished in idle"] }
    await store.send(.send(3)) { $0.phase = .sending(3) }
    await store.send(.send(4)) { $0.complaints.append("send(4) in sending(3)") }
    await store.send(.finished) { $0.phase = .done(3) }
    await store.send(.reset) { $0.phase = .idle }
    await store.finish()
  }
}
