import Actuate
@testable import ActuateTesting
import Testing

/// A thread whose replies are threads: the root and its children are one interactor type. The root listens
/// to `messages`, its replies to `replyMessages`.
struct ThreadInteractor: Interactor {
  struct State: Equatable, Sendable, Identifiable {
    var id = 0
    var items: [String] = []
    var replies: [State] = []
  }

  enum Action: Equatable, Sendable {
    case read
    indirect case reply(Int, Action)
  }

  enum Hook: CaseIterable, Sendable {
    case incoming
  }

  let messages: AsyncStream<String>
  let replyMessages: AsyncStream<String>

  var children: [Child<Self>] {
    [
      .forEach(
        \.replies, interactor: ThreadInteractor(messages: replyMessages, replyMessages: replyMessages),
        embed: Action.reply
      ) {
        guard case .reply(let id, let action) = $0 else { return nil }
        return (id, action)
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(messages) { message, store in store.items.append(message) }
  }
}

/// A child whose hook type is not `Equatable`: its hooks are told apart by their descriptions.
struct TickerInteractor: Interactor {
  struct State: Equatable, Sendable {
    var ticks: [String] = []
  }

  enum Action: Equatable, Sendable {}

  struct Hook: CaseIterable, Sendable, CustomStringConvertible {
    let name: String
    static let allCases = [Hook(name: "fast"), Hook(name: "slow")]
    var description: String { ".\(name)" }
  }

  let fast: AsyncStream<String>
  let slow: AsyncStream<String>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(hook.name == "fast" ? fast : slow) { tick, store in store.ticks.append(tick) }
  }
}

struct TickerBoardInteractor: Interactor {
  struct State: Equatable, Sendable {
    var ticker = TickerInteractor.State()
  }

  enum Action: Equatable, Sendable {
    case ticker(TickerInteractor.Action)
  }

  let ticker: TickerInteractor

  var children: [Child<Self>] {
    [
      .scope(\.ticker, interactor: ticker, embed: Action.ticker) {
        guard case .ticker(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
}

@Suite("TestStore: which child's hook made a change")
struct ChildHookTriggerTests {
  @Test func aHookOfAChildOfTheRootsOwnTypeIsTheChilds() async {
    let root = AsyncStream<String>.makeStream()
    let replies = AsyncStream<String>.makeStream()
    let store = TestStore(
      initialState: .init(replies: [.init(id: 1)]),
      interactor: ThreadInteractor(messages: root.stream, replyMessages: replies.stream), timeout: .milliseconds(200))
    await store.trigger(.incoming, of: ThreadInteractor.self, by: { replies.continuation.yield("re") }) {
      $0.replies[0].items = ["re"]
    }
    await store.finish()
  }

  @Test func hooksOfATypeThatIsNotEquatableAreToldApartByTheirDescriptions() async {
    let fast = AsyncStream<String>.makeStream()
    let slow = AsyncStream<String>.makeStream()
    let store = TestStore(
      initialState: .init(),
      interactor: TickerBoardInteractor(ticker: TickerInteractor(fast: fast.stream, slow: slow.stream)),
      timeout: .milliseconds(200))
    await store.trigger(.init(name: "slow"), of: TickerInteractor.self, by: { slow.continuation.yield("tock") }) {
      $0.ticker.ticks = ["tock"]
    }
    let reported = await failures {
      await store.trigger(.init(name: "slow"), of: TickerInteractor.self, by: { fast.continuation.yield("tick") }) {
        $0.ticker.ticks = ["tock", "tick"]
      }
    }
    #expect(
      reported.first?.hasPrefix("The test expected a state change at trigger(.slow, of: TickerInteractor)") == true)
    store.exhaustivity = .off
    await store.finish()
  }
}
