import Actuate

/// A chat room as a screen shows it: the messages, the draft being typed, who else is typing, and the
/// draft last saved, which the screen does not show.
struct RoomInteractor: Interactor {
  struct State: Equatable, Sendable {
    var messages: [Line] = []
    var draft = ""
    var typing: String?
    /// Kept for the next launch; not on screen, so saving it must not redraw anything.
    var savedDraft = ""
  }

  struct Line: Identifiable, Equatable, Sendable {
    let id: Int
    let author: String
    let text: String
  }

  enum Action: Equatable, Sendable {
    case draftChanged(String)
    case sendTapped
    case received(author: String, text: String)
    case typing(String?)
    case saveDraft
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .draftChanged(let text):
      store.draft = text
    case .sendTapped:
      guard !store.draft.isEmpty else { return }
      store.messages.append(Line(id: store.messages.count, author: "me", text: store.draft))
      store.draft = ""
    case .received(let author, let text):
      store.messages.append(Line(id: store.messages.count, author: author, text: text))
      if store.typing == author { store.typing = nil }
    case .typing(let author):
      store.typing = author
    case .saveDraft:
      store.savedDraft = store.draft
    }
  }
}
