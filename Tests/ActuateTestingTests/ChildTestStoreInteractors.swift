import Actuate
@testable import ActuateTesting
import Testing

/// A child with two hooks: one fed by the test, one that greets once as it starts.
struct FeedInteractor: Interactor {
  struct State: Equatable, Sendable, Identifiable {
    var id = 0
    var items: [String] = []
    var greeted = false
  }

  enum Action: Equatable, Sendable {
    case greet
  }

  enum Hook: CaseIterable, Sendable {
    case incoming
    case greeting
  }

  let messages: AsyncStream<String>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    store.greeted = true
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .incoming:
      .forEach(messages) { message, store in store.items.append(message) }
    case .greeting:
      .send(
        AsyncStream<Action> {
          $0.yield(.greet); $0.finish()
        })
    }
  }
}

/// A parent with one feed always there and one per room.
struct InboxInteractor: Interactor {
  struct State: Equatable, Sendable {
    var feed = FeedInteractor.State()
    var rooms: [FeedInteractor.State] = []
  }

  enum Action: Equatable, Sendable {
    case feed(FeedInteractor.Action)
    case room(Int, FeedInteractor.Action)
    case closeRoomAndGreetIt(Int)
  }

  let feedMessages: AsyncStream<String>
  let roomMessages: AsyncStream<String>

  var children: [Child<Self>] {
    [
      .scope(\.feed, interactor: FeedInteractor(messages: feedMessages), embed: Action.feed) {
        guard case .feed(let action) = $0 else { return nil }
        return action
      },
      .forEach(\.rooms, interactor: FeedInteractor(messages: roomMessages), embed: Action.room) {
        guard case .room(let id, let action) = $0 else { return nil }
        return (id, action)
      },
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if case .closeRoomAndGreetIt(let id) = action {
      store.rooms.removeAll { $0.id == id }
      store.send(.room(id, .greet))
    }
  }
}

/// The inbox as a child: its feeds are grandchildren.
struct DeskInteractor: Interactor {
  struct State: Equatable, Sendable {
    var inbox = InboxInteractor.State()
  }

  enum Action: Equatable, Sendable {
    case inbox(InboxInteractor.Action)
  }

  let inbox: InboxInteractor

  var children: [Child<Self>] {
    [
      .scope(\.inbox, interactor: inbox, embed: Action.inbox) {
        guard case .inbox(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
}

/// A parent that notes every greeting of its rooms, as its reaction to their `.greet`.
struct GreeterInteractor: Interactor {
  struct State: Equatable, Sendable {
    var rooms: [FeedInteractor.State] = []
    var greetings: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case room(Int, FeedInteractor.Action)
    case noteGreeting(Int)
  }

  let messages: AsyncStream<String>

  var children: [Child<Self>] {
    [
      .forEach(\.rooms, interactor: FeedInteractor(messages: messages), embed: Action.room) {
        guard case .room(let id, let action) = $0 else { return nil }
        return (id, action)
      } reaction: { id, _ in
        .noteGreeting(id)
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if case .noteGreeting(let id) = action { store.greetings.append(id) }
  }
}
