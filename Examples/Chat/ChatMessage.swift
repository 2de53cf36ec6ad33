/// One message of the conversation, as the server stored it.
struct ChatMessage: Equatable, Sendable, Identifiable {
  enum Author: Equatable, Sendable {
    case me
    case other(String)
  }

  /// Given by the server, so a message keeps its identity from the load to the incoming stream.
  let id: Int
  let author: Author
  let text: String
}
