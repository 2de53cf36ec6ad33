import Actuate
import ActuateTesting
@testable import Chat
import Testing

@Suite("Chat example")
struct ChatTests {
  let hello = ChatMessage(id: 1, author: .other("Grace"), text: "Hello")

  @Test func loadingShowsTheMessages() async {
    let store = TestStore(
      initialState: .init(),
      interactor: ChatInteractor(service: .test(loadMessages: { [hello] in [hello] }))
    )
    await store.send(.load) { $0.messages = .loaded([hello]) }
    await store.finish()
  }

  @Test func aFailedLoadShowsTheErrorAndARetryLoads() async {
    let attempts = Locked(0)
    let store = TestStore(
      initialState: .init(),
      interactor: ChatInteractor(
        service: .test(loadMessages: { [hello] in
          let attempt = attempts.withLock { attempts in
            attempts += 1
            return attempts
          }
          if attempt == 1 { throw TestError.offline }
          return [hello]
        }))
    )
    await store.send(.load) { $0.messages = .failed("Could not load the conversation: offline") }
    await store.send(.load) { $0.messages = .loading }
    await store.step { $0.messages = .loaded([hello]) }
    await store.finish()
  }

  @Test func sendingClearsTheDraftAtOnceAndDeliversInTheBackground() async {
    let store = TestStore(
      initialState: .init(messages: .loaded([]), draft: "Hi"),
      interactor: ChatInteractor(service: .test(send: { ChatMessage(id: 7, author: .me, text: $0) })),
      hooks: [.incoming]
    )
    await store.send(.sendTapped) {
      $0.draft = ""
      $0.outbox = ["Hi"]
    }
    await store.receive(.deliver("Hi")) {
      $0.outbox = []
      $0.messages = .loaded([ChatMessage(id: 7, author: .me, text: "Hi")])
    }
    await store.finish()
  }

  @Test func messagesAreDeliveredOneAtATimeInTheOrderWritten() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: .init(messages: .loaded([]), draft: "one"),
      interactor: ChatInteractor(
        service: .test(send: { text in
          try await clock.sleep(for: .seconds(1))
          return ChatMessage(id: text.count, author: .me, text: text)
        })),
      clock: clock,
      hooks: []
    )
    await store.send(.sendTapped) {
      $0.draft = ""
      $0.outbox = ["one"]
    }
    await store.receive(.deliver("one"))
    await store.send(.draftChanged("three")) { $0.draft = "three" }
    await store.send(.sendTapped) {
      $0.draft = ""
      $0.outbox = ["one", "three"]
    }
    await store.receive(.deliver("three"))  // waits behind "one"
    await clock.advance(by: .seconds(1))
    await store.step {
      $0.outbox = ["three"]
      $0.messages = .loaded([ChatMessage(id: 3, author: .me, text: "one")])
    }
    await clock.advance(by: .seconds(1))
    await store.step {
      $0.outbox = []
      $0.messages = .loaded([
        ChatMessage(id: 3, author: .me, text: "one"), ChatMessage(id: 5, author: .me, text: "three"),
      ])
    }
    await store.finish()
  }

  @Test func aFailedDeliveryIsShown() async {
    let store = TestStore(
      initialState: .init(messages: .loaded([]), draft: "Hi"),
      interactor: ChatInteractor(service: .test(send: { _ in throw TestError.offline })),
      hooks: []
    )
    await store.send(.sendTapped) {
      $0.draft = ""
      $0.outbox = ["Hi"]
    }
    await store.receive(.deliver("Hi")) {
      $0.outbox = []
      $0.sendError = "Not sent: Hi (offline)"
    }
    await store.finish()
  }

  @Test func incomingMessagesAreAppended() async {
    let (incoming, input) = AsyncStream<ChatMessage>.makeStream()
    let store = TestStore(
      initialState: .init(messages: .loaded([])),
      interactor: ChatInteractor(service: .test(incoming: incoming))
    )
    await store.trigger(.incoming, by: { [hello] in input.yield(hello) }) { [hello] in $0.messages = .loaded([hello]) }
    await store.finish()
  }

  @Test func theDraftIsSavedOnceTheUserPausesTyping() async {
    let clock = TestClock()
    let saved = Locked<[String]>([])
    let store = TestStore(
      initialState: .init(),
      interactor: ChatInteractor(service: .test(saveDraft: { text in saved.withLock { $0.append(text) } })),
      clock: clock
    )
    await store.send(.draftChanged("H")) { $0.draft = "H" }
    await store.receive(.saveDraft("H"))
    await clock.advance(by: .milliseconds(300))
    await store.send(.draftChanged("Hi")) { $0.draft = "Hi" }
    await store.receive(.saveDraft("Hi"))  // the save of "H" had not started: it never will
    await clock.advance(by: .milliseconds(500))
    await store.finish()
    #expect(saved.withLock { $0 } == ["Hi"])
  }
}

private enum TestError: Error, CustomStringConvertible {
  case offline

  var description: String { "offline" }
}

extension ChatService {
  /// A service that fails the test if the code under test uses what the test did not provide.
  fileprivate static func test(
    loadMessages: @escaping @Sendable () async throws -> [ChatMessage] = {
      Issue.record("loadMessages"); return []
    },
    send: @escaping @Sendable (String) async throws -> ChatMessage = { _ in
      Issue.record("send")
      throw CancellationError()
    },
    incoming: AsyncStream<ChatMessage> = AsyncStream { _ in },
    saveDraft: @escaping @Sendable (String) async -> Void = { _ in }
  ) -> ChatService {
    ChatService(loadMessages: loadMessages, send: send, incoming: incoming, saveDraft: saveDraft)
  }
}
