import Actuate

/// A conversation: loads its messages, sends what the user writes in order, shows messages from others as
/// they arrive, and saves the draft once the user pauses typing.
struct ChatInteractor: Interactor {
  struct State: Equatable, Sendable {
    var messages: Messages = .loading
    var draft = ""
    /// Sent, not yet confirmed by the server, oldest first.
    var outbox: [String] = []
    var sendError: String?
  }

  enum Messages: Equatable, Sendable {
    case loading
    case loaded([ChatMessage])
    case failed(String)
  }

  enum Action: Equatable, Sendable {
    case load
    case draftChanged(String)
    case sendTapped
    /// Internal: delivers one message, after the ones sent before it.
    case deliver(String)
    /// Internal: sent by the draft hook.
    case saveDraft(String)
  }

  enum Hook: CaseIterable, Sendable {
    case incoming
    case draftSaving
  }

  let service: ChatService

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .load:
      store.messages = .loading
      do {
        store.messages = .loaded(try await service.loadMessages())
      } catch {
        store.messages = .failed("Could not load the conversation: \(error)")
      }
    case .draftChanged(let text):
      store.draft = text
    case .sendTapped:
      let text = store.draft
      guard !text.isEmpty else { return }
      // The draft clears at once; delivery is a separate action so that it can queue behind earlier ones.
      store.draft = ""
      store.outbox.append(text)
      store.sendError = nil
      store.send(.deliver(text))
    case .deliver(let text):
      do {
        let message = try await service.send(text)
        store.outbox.removeFirst(text)
        store.messages.append(message)
      } catch {
        store.outbox.removeFirst(text)
        store.sendError = "Not sent: \(text) (\(error))"
      }
    case .saveDraft(let text):
      await service.saveDraft(text)
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .load: .cancelPrevious(id: Load())
    // Serial, so that messages reach the server in the order they were written.
    case .deliver: .serial(id: Outbox())
    // Saving on every keystroke would be wasted work: only the text the user paused on is saved.
    case .saveDraft: .debounce(id: DraftSave(), for: .milliseconds(500))
    case .draftChanged, .sendTapped: .concurrent
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    switch hook {
    case .incoming:
      .forEach(service.incoming) { message, store in store.messages.append(message) }
    case .draftSaving:
      // dropFirst: the current draft needs no saving, only the changes after it.
      .send(store.values(\.draft).dropFirst()) { .saveDraft($0) }
    }
  }

  private struct Load: Hashable {}
  private struct Outbox: Hashable {}
  private struct DraftSave: Hashable {}
}

extension ChatInteractor.Messages {
  /// Before the list is loaded there is nothing to add to: the load brings the message with the rest.
  mutating func append(_ message: ChatMessage) {
    guard case .loaded(var messages) = self else { return }
    messages.append(message)
    self = .loaded(messages)
  }
}

extension Array where Element: Equatable {
  fileprivate mutating func removeFirst(_ element: Element) {
    if let index = firstIndex(of: element) { remove(at: index) }
  }
}
