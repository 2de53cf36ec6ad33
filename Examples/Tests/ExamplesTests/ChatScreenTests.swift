import Actuate
import ActuateTesting
@testable import ChatScreen
import Testing

@MainActor
@Suite("Chat screen example")
struct ChatScreenTests {
  @Test func sendingMovesTheDraftIntoTheMessages() async {
    let store = TestStore(initialState: .init(), interactor: RoomInteractor())
    await store.send(.draftChanged("Hi")) { $0.draft = "Hi" }
    await store.send(.saveDraft) { $0.savedDraft = "Hi" }
    await store.send(.typing("ada")) { $0.typing = "ada" }
    await store.send(.sendTapped) {
      $0.messages = [.init(id: 0, author: "me", text: "Hi")]
      $0.draft = ""
    }
    await store.send(.received(author: "ada", text: "Hello")) {
      $0.messages.append(.init(id: 1, author: "ada", text: "Hello"))
      $0.typing = nil
    }
    await store.finish()
  }

  @Test func theScreenRedrawsOnlyWhenWhatItShowsChanges() async {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
    var drawn: [String] = []
    let screen = ChatScreen(model: StoreModel(initialState: .init(), interactor: RoomInteractor())) { drawn.append($0) }
    screen.redrawIfStale()
    #expect(screen.frames == 1)

    await screen.model.sendAndWait(.draftChanged("Hi"))
    screen.redrawIfStale()
    #expect(screen.frames == 2)
    #expect(drawn.last?.contains("│ > Hi") == true)

    // The saved draft is state the screen does not show.
    await screen.model.sendAndWait(.saveDraft)
    screen.redrawIfStale()
    #expect(screen.frames == 2)

    await screen.model.sendAndWait(.typing("ada"))
    await screen.model.sendAndWait(.received(author: "ada", text: "Hello"))
    screen.redrawIfStale()
    #expect(screen.frames == 3)
    #expect(drawn.last?.contains("│ ada: Hello") == true)
    #expect(drawn.last?.contains("typing") == false)
  }
}
