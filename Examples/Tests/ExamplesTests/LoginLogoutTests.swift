import Actuate
import ActuateTesting
@testable import LoginLogout
import Testing

@Suite("LoginLogout example")
struct LoginLogoutTests {
  /// Logging in takes two seconds on the clock, logging out one.
  func service(_ clock: TestClock) -> SessionService {
    SessionService(
      login: { try await clock.sleep(for: .seconds(2)) },
      logout: { try? await clock.sleep(for: .seconds(1)) }
    )
  }

  @Test func loggingInAndOut() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: SessionInteractor(service: service(clock), ordering: .newestWins), clock: clock
    )
    await store.send(.login) { $0.status = .loggingIn }
    await clock.advance(by: .seconds(2))
    await store.step { $0.status = .loggedIn }
    await store.send(.logout) { $0.status = .loggingOut }
    await clock.advance(by: .seconds(1))
    await store.step { $0.status = .loggedOut }
    await store.finish()
  }

  @Test func newestWinsAForcedLogoutCancelsTheLoginInFlight() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: SessionInteractor(service: service(clock), ordering: .newestWins), clock: clock
    )
    let login = await store.send(.login) { $0.status = .loggingIn }
    await store.send(.forceLogout) { $0.status = .loggingOut }
    #expect(await login.finish() == .cancelled(.superseded))
    await clock.advance(by: .seconds(1))
    await store.step { $0.status = .loggedOut }
    await clock.advance(by: .seconds(1))  // the login would have ended now: it never reaches loggedIn
    await store.finish()
  }

  @Test func serialAForcedLogoutWaitsForTheLoginThenLogsOut() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: SessionInteractor(service: service(clock), ordering: .serial), clock: clock)
    let login = await store.send(.login) { $0.status = .loggingIn }
    await store.send(.forceLogout)  // queued behind the login: nothing changes yet
    await clock.advance(by: .seconds(2))
    await store.step { $0.status = .loggedIn }
    await store.step { $0.status = .loggingOut }
    #expect(await login.finish() == .completed)
    await clock.advance(by: .seconds(1))
    await store.step { $0.status = .loggedOut }
    await store.finish()
  }

  @Test func newestWinsASecondLoginTapIsDroppedAndTheFirstGoesOn() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: SessionInteractor(service: service(clock), ordering: .newestWins), clock: clock
    )
    await store.send(.login) { $0.status = .loggingIn }
    let second = await store.send(.login)
    #expect(await second.finish() == .cancelled(.alreadyRunning))
    await clock.advance(by: .seconds(2))
    await store.step { $0.status = .loggedIn }
    await store.finish()
  }

  @Test func serialASecondLoginTapRunsAfterTheFirstAndIsReported() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(), interactor: SessionInteractor(service: service(clock), ordering: .serial), clock: clock)
    await store.send(.login) { $0.status = .loggingIn }
    await store.send(.login)
    await clock.advance(by: .seconds(2))
    await store.step { $0.status = .loggedIn }
    await store.step { $0.unexpected = .init(action: .login, status: .loggedIn) }
    await store.finish()
  }

  @Test func loggingOutWhileLoggedOutIsReported() async {
    let store = TestStore(
      initialState: .init(), interactor: SessionInteractor(service: service(TestClock()), ordering: .newestWins))
    await store.send(.logout) { $0.unexpected = .init(action: .logout, status: .loggedOut) }
    await store.finish()
  }
}
