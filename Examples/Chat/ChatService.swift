/// What the chat needs from the outside world. A struct of closures rather than a protocol: a test builds
/// one in place, replacing only what it exercises.
struct ChatService: Sendable {
  var loadMessages: @Sendable () async throws -> [ChatMessage]
  var send: @Sendable (String) async throws -> ChatMessage
  /// Messages other people write, for as long as the chat is open.
  var incoming: AsyncStream<ChatMessage>
  var saveDraft: @Sendable (String) async -> Void
}
