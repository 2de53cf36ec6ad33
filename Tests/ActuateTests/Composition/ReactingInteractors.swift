import Actuate

/// A row of a list: it counts its taps, and tells its list when it is to be deleted.
struct RowInteractor: Interactor {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var title = ""
    var taps = 0
  }

  enum Action: Equatable, Sendable {
    case deleteTapped
    case rename(String)
    /// Counts a tap, then renames the row from its own handler.
    case tapAndRename(String)
    case slowSave
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .deleteTapped:
      store.taps += 1
    case .rename(let title):
      store.title = title
    case .tapAndRename(let title):
      store.taps += 1
      store.send(.rename(title))
    case .slowSave:
      try? await store.sleep(for: .seconds(10))
      store.title += " (saved)"
    }
  }
}

/// A list that removes a row when the row's delete is tapped, and notes the renames it sees.
struct ListInteractor: Interactor {
  struct State: Equatable, Sendable {
    var rows: [RowInteractor.State] = []
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case row(Int, RowInteractor.Action)
    case remove(Int)
    case noteTap(Int)
    case noteSave(Int)
  }

  var children: [Child<Self>] {
    [
      .forEach(\.rows, interactor: RowInteractor(), embed: Action.row) {
        guard case .row(let id, let action) = $0 else { return nil }
        return (id, action)
      } reaction: { id, action in
        switch action {
        case .deleteTapped: .remove(id)
        case .tapAndRename: .noteTap(id)
        case .slowSave: .noteSave(id)
        case .rename: nil
        }
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .row:
      break
    case .remove(let id):
      store.rows.removeAll { $0.id == id }
    case .noteTap(let id):
      store.log.append("tap \(id)")
    case .noteSave(let id):
      store.log.append("save \(id) started")
    }
  }
}

/// A list inside a screen, with a reaction of its own to the list's optional detail.
struct ShelfInteractor: Interactor {
  struct State: Equatable, Sendable {
    var list = ListInteractor.State()
    var detail: RowInteractor.State?
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case list(ListInteractor.Action)
    case detail(RowInteractor.Action)
    case closeDetail
  }

  var children: [Child<Self>] {
    [
      .scope(\.list, interactor: ListInteractor(), embed: Action.list) {
        guard case .list(let action) = $0 else { return nil }
        return action
      },
      .ifPresent(\.detail, interactor: RowInteractor(), embed: Action.detail) {
        guard case .detail(let action) = $0 else { return nil }
        return action
      } reaction: { action in
        action == .deleteTapped ? .closeDetail : nil
      },
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .list, .detail: break
    case .closeDetail: store.detail = nil
    }
  }
}

/// A child that keeps its steps internal: outside code may only ask it to open.
struct GateInteractor: Interactor {
  struct State: Equatable, Sendable {
    var token: String?
  }

  enum Request: Equatable, Sendable {
    case open
  }

  enum Action: Equatable, Sendable {
    case request(Request)
    case tokenReceived(String)
  }

  typealias PublicAction = Request

  func action(from request: Request) -> Action { .request(request) }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .request(.open): store.send(.tokenReceived("granted"))
    case .tokenReceived(let token): store.token = token
    }
  }
}

/// A parent whose public actions are all of its actions: it would let outside code send the gate's
/// internal ones, so the store refuses every outside send for the gate.
struct OpenLobbyInteractor: Interactor {
  struct State: Equatable, Sendable {
    var gate = GateInteractor.State()
  }

  enum Action: Equatable, Sendable {
    case gate(GateInteractor.Action)
    case letIn
  }

  var children: [Child<Self>] {
    [
      .scope(\.gate, interactor: GateInteractor(), embed: Action.gate) {
        guard case .gate(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    if action == .letIn { store.send(.gate(.request(.open))) }
  }
}

/// A parent that passes on only the gate's public actions: the compiler keeps the internal ones out.
struct LobbyInteractor: Interactor {
  struct State: Equatable, Sendable {
    var gate = GateInteractor.State()
  }

  enum PublicAction: Equatable, Sendable {
    case gate(GateInteractor.PublicAction)
  }

  enum Action: Equatable, Sendable {
    case gate(GateInteractor.Action)
  }

  let gate = GateInteractor()

  func action(from publicAction: PublicAction) -> Action {
    switch publicAction {
    case .gate(let request): .gate(gate.action(from: request))
    }
  }

  var children: [Child<Self>] {
    [
      .scope(\.gate, interactor: gate, embed: Action.gate) {
        guard case .gate(let action) = $0 else { return nil }
        return action
      }
    ]
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {}
}
