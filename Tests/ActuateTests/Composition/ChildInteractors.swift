import Actuate

/// A child: a counter with a slow job under a cancel id every instance shares, and a hook on its own state.
struct TallyInteractor: Interactor {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var count = 0
    var reachedThree = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementTwiceLater
    case slowJob
    case reachedThree
  }

  enum Hook: CaseIterable, Sendable {
    case watchCount
  }

  let clock: any Clock<Duration>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .increment:
      store.count += 1
    case .incrementTwiceLater:
      store.send(.increment)
      store.send(.increment)
    case .slowJob:
      try? await store.sleep(for: .seconds(10))
      store.count += 100
    case .reachedThree:
      store.reachedThree = true
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .slowJob ? .cancelPrevious(id: "job") : .concurrent
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .send(store.values(\.count)) { $0 == 3 ? .reachedThree : nil }
  }
}

/// A parent with one child always there, one while present, and one per element.
struct BoardInteractor: Interactor {
  struct State: Equatable, Sendable {
    var main = TallyInteractor.State(id: 0)
    var detail: TallyInteractor.State?
    var rows: [TallyInteractor.State] = []
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case main(TallyInteractor.Action)
    case detail(TallyInteractor.Action)
    case row(Int, TallyInteractor.Action)
    case addRow(Int)
    case removeRow(Int)
    case showDetail
    case hideDetail
    case slowJob
    case cancelRow(Int)
    case cancelRows
  }

  let clock: any Clock<Duration>

  var children: [Child<Self>] {
    [
      .scope(\.main, interactor: TallyInteractor(clock: clock), embed: Action.main) {
        guard case .main(let action) = $0 else { return nil }
        return action
      },
      .ifPresent(\.detail, interactor: TallyInteractor(clock: clock), embed: Action.detail) {
        guard case .detail(let action) = $0 else { return nil }
        return action
      },
      .forEach(\.rows, interactor: TallyInteractor(clock: clock), embed: Action.row) {
        guard case .row(let id, let action) = $0 else { return nil }
        return (id, action)
      },
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .main, .detail, .row:
      store.log.append("the parent saw a child's action")
    case .addRow(let id):
      store.rows.append(.init(id: id))
    case .removeRow(let id):
      store.rows.removeAll { $0.id == id }
    case .showDetail:
      store.detail = .init(id: 99)
    case .hideDetail:
      store.detail = nil
    case .slowJob:
      try? await store.sleep(for: .seconds(10))
      store.log.append("parent job done")
    case .cancelRow(let id):
      store.cancelChild(\.rows, id: id)
    case .cancelRows:
      store.cancelChild(\.rows)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    action == .slowJob ? .cancelPrevious(id: "job") : .concurrent
  }
}

/// A grandparent: the board is its child, and the board's tallies are its grandchildren.
struct WallInteractor: Interactor {
  struct State: Equatable, Sendable {
    var board = BoardInteractor.State()
  }

  enum Action: Equatable, Sendable {
    case board(BoardInteractor.Action)
    case cancelBoard
  }

  let clock: any Clock<Duration>

  var children: [Child<Self>] {
    [
      .scope(\.board, interactor: BoardInteractor(clock: clock), embed: Action.board) {
        guard case .board(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .board: break
    case .cancelBoard: store.cancelChild(\.board)
    }
  }
}

/// A parent whose children sleep in their handlers and tick in their hooks, for lifetime tests.
struct NestInteractor: Interactor {
  struct Egg: Equatable, Sendable, Identifiable {
    var id: Int
    var ticks = 0
  }

  struct EggInteractor: Interactor {
    typealias State = Egg
    enum Action: Equatable, Sendable { case sit }
    enum Hook: CaseIterable, Sendable { case ticks }

    let canary: Canary

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      try? await store.sleep(for: .seconds(3600))
    }

    func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
      .forEach(store.timer(every: .seconds(60))) { _, store in store.ticks += 1 }
    }
  }

  struct State: Equatable, Sendable {
    var eggs: [Egg] = []
  }

  enum Action: Equatable, Sendable {
    case egg(Int, EggInteractor.Action)
    case hatch(Int)
  }

  let canary: Canary

  var children: [Child<Self>] {
    [
      .forEach(\.eggs, interactor: EggInteractor(canary: canary), embed: Action.egg) {
        guard case .egg(let id, let action) = $0 else { return nil }
        return (id, action)
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if case .hatch(let id) = action { store.eggs.removeAll { $0.id == id } }
  }
}
