import Actuate
import ActuateTesting
import Testing

/// TCA's WebSocket case study, written the way TCA writes it: `.connect`'s handler awaits the socket's
/// events for as long as it is connected, while pings tick on the store's clock.
struct SocketInteractor: Interactor {
  struct State: Equatable, Sendable {
    var messages: [String] = []
    var pings = 0
  }

  enum Action: Equatable, Sendable {
    case connect
    case startPinging
    case disconnect
  }

  struct PingID: Hashable, Sendable {}

  let events: AsyncStream<String>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .connect:
      for await event in events { store.messages.append(event) }
    case .startPinging:
      while (try? await store.sleep(for: .seconds(10))) != nil { store.pings += 1 }
    case .disconnect:
      store.cancel(id: PingID())
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .startPinging ? .concurrent(id: PingID()) : .concurrent
  }
}

@Suite("TestStore: a handler waiting on the outside")
struct OutsideEventsTests {
  // Nothing may wait for the store's timeout: the clock moves while `.connect` waits on the socket. A wait
  // for it (ten minutes) would outlast the time limit and fail the test; the test asserts no duration, which
  // a loaded machine stretches (35 s under ThreadSanitizer beside other builds).
  @Test(.timeLimit(.minutes(5)))
  func pingsTickWhileAHandlerAwaitsTheSocket() async {
    let clock = TestClock()
    let (events, socket) = AsyncStream<String>.makeStream()
    let store = TestStore(
      initialState: .init(), interactor: SocketInteractor(events: events), clock: clock, timeout: .seconds(600))
    await store.send(.connect)
    await store.send(.startPinging)
    await clock.advance(by: .seconds(10))
    await store.step { $0.pings = 1 }
    socket.yield("hello")
    await store.step { $0.messages = ["hello"] }
    await clock.advance(by: .seconds(10))
    await store.step { $0.pings = 2 }
    socket.finish()
    await store.send(.disconnect)
    await store.finish()
  }
}
