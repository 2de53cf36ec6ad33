import Actuate

/// One action fans out to three; each handler awaits a dependency that does a little work off the store,
/// then appends its name. Run by the runtime, the handlers came back in whatever order their dependencies
/// finished.
struct FanOutInteractor: Interactor {
  struct State: Equatable, Sendable {
    var order: [String] = []
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case work(String)
    case incrementTwice
    case increment
  }

  /// A nonisolated `async` dependency: it runs wherever the calling task prefers.
  let dependency: @Sendable () async -> Void

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .start:
      for name in ["a", "b", "c"] { store.send(.work(name)) }
    case .work(let name):
      await dependency()
      store.order.append(name)
    case .incrementTwice:
      store.send(.increment)
      await dependency()
      store.send(.increment)
    case .increment:
      // A read, an await, and a write of what was read: a lost update if the other increment runs between.
      let count = store.count
      await dependency()
      store.count = count + 1
    }
  }
}

/// A few microseconds of work between two suspensions, as a real dependency's call would make.
@Sendable func someWork() async {
  await Task.yield()
  var total: UInt64 = 0
  for value in 0..<UInt64(2_000) { total = total &* 31 &+ value }
  precondition(total != 1)
  await Task.yield()
}

/// Two hooks tick on the store's clock every second, and each writes its name when it ticks: both wake
/// at the same instant.
struct TwoTimersInteractor: Interactor {
  struct State: Equatable, Sendable {
    var ticks: [String] = []
  }

  enum Action: Equatable, Sendable {
    case noop
  }

  enum Hook: CaseIterable, Sendable {
    case first, second
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(store.timer(every: .seconds(1))) { _, store in
      store.ticks.append(hook == .first ? "first" : "second")
    }
  }
}
