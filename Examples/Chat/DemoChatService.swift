/// A service with a friend on the other end who answers every message, for the demo.
extension ChatService {
  static func demo() -> ChatService {
    let (incoming, friend) = AsyncStream<ChatMessage>.makeStream()
    let ids = IDs()
    return ChatService(
      loadMessages: {
        try await Task.sleep(for: .milliseconds(300))
        return [
          ChatMessage(id: 1, author: .other("Grace"), text: "Did the build pass?"),
          ChatMessage(id: 2, author: .me, text: "On Linux too."),
        ]
      },
      send: { text in
        try await Task.sleep(for: .milliseconds(150))
        let reply = ChatMessage(id: await ids.next(), author: .other("Grace"), text: "You said: \(text)")
        Task {
          try? await Task.sleep(for: .milliseconds(200))
          friend.yield(reply)
        }
        return ChatMessage(id: await ids.next(), author: .me, text: text)
      },
      incoming: incoming,
      saveDraft: { text in print("  (draft saved: \"\(text)\")") }
    )
  }
}

private actor IDs {
  private var last = 2

  func next() -> Int {
    last += 1
    return last
  }
}
