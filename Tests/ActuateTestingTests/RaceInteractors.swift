import Actuate

/// The races users write, each with a dependency that suspends as a network call would: its handlers run
/// on the store's executor, so a schedule decides where the suspension ends.
struct CounterRaceInteractor: Interactor {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    /// Reads the count, awaits the server, writes what it read plus one: a lost update if another
    /// increment runs in between.
    case increment
    /// Awaits the server, then adds one to the count as it is then: no lost update.
    case incrementAfterSaving
  }

  let save: @Sendable () async -> Void

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      let count = store.count
      await save()
      store.count = count + 1
    case .incrementAfterSaving:
      await save()
      store.count += 1
    }
  }
}

/// A refresh replaces the list with what the server returns; a hook appends what the server pushes. A
/// message pushed while the refresh is suspended is lost when the refresh writes its list.
struct FeedRaceInteractor: Interactor {
  struct State: Equatable, Sendable {
    var items: [String] = []
  }

  enum Action: Equatable, Sendable {
    case refresh
  }

  enum Hook: CaseIterable, Sendable {
    case pushed
  }

  let pushed: AsyncStream<String>
  let fetch: @Sendable () async -> [String]

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .refresh:
      store.items = await fetch()
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(pushed) { item, store in store.items.append(item) }
  }
}

/// A parent whose own action and its child's both read the child's count, await, and write it back.
struct ParentRaceInteractor: Interactor {
  struct State: Equatable, Sendable {
    var counter = CounterRaceInteractor.State()
  }

  enum Action: Equatable, Sendable {
    case counter(CounterRaceInteractor.Action)
    /// Reads the child's count, awaits the server, writes what it read plus ten.
    case addTen
  }

  let save: @Sendable () async -> Void

  var children: [Child<Self>] {
    [
      .scope(\.counter, interactor: CounterRaceInteractor(save: save), embed: Action.counter) {
        guard case .counter(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .counter:
      break
    case .addTen:
      let count = store.counter.count
      await save()
      store.counter.count = count + 10
    }
  }
}

/// A server call that suspends twice, as a request and its response would.
@Sendable func serverCall() async {
  await Task.yield()
  await Task.yield()
}
