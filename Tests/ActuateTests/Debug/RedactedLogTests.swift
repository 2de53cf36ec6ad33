import Foundation
import Testing

@testable import Actuate

/// Distinctive, so that a test can tell it never reached a sink.
private let secret = "s3cr3t-PLUGH"

/// Secret as a whole.
private struct Token: Equatable, Sendable, DebugRedacted {
  var value: String
}

/// A sign-in whose actions, state and hook carry the secret everywhere the log could show it.
private struct Vault: Interactor {
  struct State: Equatable, Sendable {
    var user = ""
    @Redacted var password = ""
    var token: Token?
  }

  enum Action: Equatable, Sendable {
    case signIn(user: String, password: Redacted<String>)
    case tokenReceived(Token)
    case unlock(Redacted<String>)
  }

  enum Hook: CaseIterable, Sendable {
    case tokens
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .signIn(let user, let password):
      store.user = user
      store.password = password.wrappedValue
      store.send(.tokenReceived(Token(value: password.wrappedValue)))
    case .tokenReceived(let token):
      store.token = token
    case .unlock:
      try? await store.sleep(for: .seconds(60))
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    if case .unlock = action { return .cancelPrevious(id: "unlock") }
    return .concurrent
  }

  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .send(
      AsyncStream {
        $0.yield(Token(value: secret)); $0.finish()
      }
    ) { .tokenReceived($0) }
  }
}

@Suite("Redaction in every sink")
struct RedactedLogTests {
  @Test func noRedactedValueReachesAnySinkInAnyFormat() async throws {
    let text = LogCollector()
    let json = LogCollector()
    let values = Locked<[DebugEntry]>([])
    let paths = ["text.log", "json.log", "trace.json"].map(temporaryLogPath)
    defer { paths.forEach(removeLogFiles) }
    let debug = DebugLog(
      text.sink, json.sink(format: .jsonLines), .entries { entry in values.withLock { $0.append(entry) } },
      try .file(paths[0]), try .file(paths[1], format: .jsonLines), try .trace(paths[2]))
    let store = Store(initialState: .init(), interactor: Vault(), debug: .using(debug))

    await store.send(.signIn(user: "ada", password: Redacted(secret))).finish()
    await store.actor.settle()
    let superseded = store.send(.unlock(Redacted(secret)))
    await store.actor.drainIntake()
    store.send(.unlock(Redacted(secret)))
    await superseded.finish()
    store.stop()
    store.send(.signIn(user: "late", password: Redacted(secret)))
    await store.flushDebugLog()

    let fields = values.withLock { entries in
      entries.flatMap { [$0.message, $0.detail, $0.action, $0.cause, $0.outcome, $0.text].compactMap(\.self) }
    }
    let files = try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }
    let outputs = [
      ("text", text.entries.joined(separator: "\n")), ("JSON lines", json.entries.joined(separator: "\n")),
      ("entries", fields.joined(separator: "\n")), ("text file", files[0]), ("JSON-lines file", files[1]),
      ("trace", files[2]),
    ]
    for (sink, output) in outputs {
      #expect(!output.contains(secret), "the \(sink) sink shows the secret")
      #expect(output.contains("<redacted>"), "the \(sink) sink shows where the secret was")
    }

    let log = text.entries.joined(separator: "\n")
    for shown in [
      #"action .signIn(user: "ada", password: <redacted>)"#,
      "action .tokenReceived(<redacted>) (sent by the handler of .signIn(user: \"ada\", password: <redacted>))",
      "-   password: <redacted>,\n+   password: <redacted>,",
      "-   token: nil\n+   token: <redacted>",
      "hook .tokens delivered <redacted>",
      "cancelled .unlock(<redacted>) (superseded)",
      #"so .signIn(user: "late", password: <redacted>) was not handled"#,
    ] {
      #expect(log.contains(shown), "the log shows \(shown)")
    }
    #expect(fields.contains(#".signIn(user: "ada", password: <redacted>)"#))
  }
}
