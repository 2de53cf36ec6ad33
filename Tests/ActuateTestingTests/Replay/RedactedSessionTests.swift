import Actuate
import Foundation
import Testing

@testable import ActuateTesting

/// A token the debug log never shows, whose own `Codable` conformance writes it in clear.
struct SessionToken: Codable, Equatable, Sendable, DebugRedacted {
  var value: String
}

/// Takes tokens from every kind of line a session has: an action, a hook's element, a recorded answer.
struct TokenInteractor: Interactor {
  struct State: Codable, Equatable, Sendable {
    var token: SessionToken?
    var count = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case received(SessionToken)
    case refresh
    case generate
  }

  enum Hook: CaseIterable, Sendable {
    case tokens
  }

  let tokens: AsyncStream<SessionToken>
  let fetch: Recorded<Void, SessionToken>

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .received(let token): store.token = token
    case .refresh: store.token = try? await fetch()
    case .generate:
      store.token = SessionToken(value: "generated-\(store.count)")
      store.count += 1
    }
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .forEach(tokens) { token, store in store.token = token }
  }

  static var replaying: Self {
    Self(tokens: AsyncStream { _ in }, fetch: Recorded("fetch") { SessionToken(value: "") })
  }
}

@Suite("Redacted values in a session")
struct RedactedSessionTests {
  /// Records a store that takes a token from `source`, then flushes.
  private func record(
    to file: SessionFiles, _ source: (Store<TokenInteractor>, AsyncStream<SessionToken>.Continuation) async -> Void
  ) async {
    let (tokens, continuation) = AsyncStream<SessionToken>.makeStream()
    let store = Store(
      initialState: .init(),
      interactor: TokenInteractor(tokens: tokens, fetch: Recorded("fetch") { SessionToken(value: "secret-answer") }),
      recording: .file(file.path))
    await source(store, continuation)
    await store.stopAndFlush()
  }

  @Test func aDebugRedactedValueIsWrittenAsTheMarkerWherever() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await record(to: file) { store, tokens in
      await store.sendAndWait(.received(SessionToken(value: "secret-action")))
      tokens.yield(SessionToken(value: "secret-element"))
      _ = await store.states.first { $0.token?.value == "secret-element" }
      await store.sendAndWait(.refresh)
    }
    let text = file.lines.joined(separator: "\n")
    #expect(!text.contains("secret"))
    let marker = #"{"actuateRedacted":true}"#
    #expect(
      file.lines.contains { $0.contains(#""kind":"send""#) && $0.contains(#""action":{"received":{"_0":\#(marker)}}"#) }
    )
    #expect(file.lines.contains { $0.contains(#""kind":"hook""#) && $0.hasSuffix(#""element":\#(marker)}"#) })
    #expect(file.lines.contains { $0.contains(#""kind":"answer""#) && $0.hasSuffix(#""output":\#(marker)}"#) })
    #expect(file.lines.contains { $0.contains(#""kind":"change""#) && $0.contains(#""token":\#(marker)"#) })
  }

  @Test func aStateHoldingOneStillReplays() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await record(to: file) { store, _ in
      await store.sendAndWait(.generate)
      await store.sendAndWait(.generate)
    }
    #expect(!file.lines.joined().contains("generated"))
    try await replay(session: file.url, interactor: TokenInteractor.replaying)
  }

  @Test func aReplayThatMustSendOneNamesIt() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await record(to: file) { store, _ in await store.sendAndWait(.received(SessionToken(value: "secret"))) }
    let error = await #expect(throws: SessionError.self) {
      try await replay(session: file.url, interactor: TokenInteractor.replaying)
    }
    #expect(error?.path == file.path)
    #expect(error?.line == 2)
    #expect(
      error?.message.hasPrefix(
        "the action .received(<redacted>) holds a Redacted or DebugRedacted value (at received._0): the session has a marker in its place, never the value, so a replay cannot have it."
      ) == true)
  }

  @Test func aReplayThatMustFeedOneToAHookNamesIt() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await record(to: file) { store, tokens in
      tokens.yield(SessionToken(value: "secret"))
      _ = await store.states.first { $0.token != nil }
    }
    let error = await #expect(throws: SessionError.self) {
      try await replay(session: file.url, interactor: TokenInteractor.replaying)
    }
    #expect(error?.line == 2)
    #expect(
      error?.message.hasPrefix(
        "the element of hook .tokens holds a Redacted or DebugRedacted value (at the value itself)")
        == true)
  }

  @Test func aReplayThatMustAnswerOneNamesIt() async throws {
    let file = SessionFiles()
    defer { file.remove() }
    await record(to: file) { store, _ in await store.sendAndWait(.refresh) }
    let answer = try #require(file.lines.firstIndex { $0.contains(#""kind":"answer""#) })
    let error = await #expect(throws: SessionError.self) {
      try await replay(session: file.url, interactor: TokenInteractor.replaying)
    }
    #expect(error?.line == answer + 1)
    #expect(
      error?.message.hasPrefix(#"the answer of "fetch" holds a Redacted or DebugRedacted value (at the value itself)"#)
        == true)
  }

  @Test func aConformanceThatSwallowsWhatEncodingOneThrowsStillNeverWritesItInClear() throws {
    /// Encodes its token with `try?`, as a type may to skip what it cannot encode.
    struct Forgiving: Encodable {
      enum CodingKeys: String, CodingKey { case token }
      var token: SessionToken

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try? container.encode(token, forKey: .token)
      }
    }
    let json = try SessionCoding.json(Forgiving(token: SessionToken(value: "secret")))
    #expect(json == #"{"token":{"actuateRedacted":true}}"#)
  }
}
