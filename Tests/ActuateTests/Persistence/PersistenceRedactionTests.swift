import Actuate
import Foundation
import Testing

/// Redacted values stay out of storage unless the persistence says they may be written.
@Suite("Persistence: redacted values", .timeLimit(.minutes(1)))
struct PersistenceRedactionTests {
  struct Account: Interactor {
    struct State: Equatable, Sendable, Codable {
      var email = ""
      @Redacted var password = ""
    }

    enum Action: Equatable, Sendable {
      case signIn(email: String, password: Redacted<String>)
    }

    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      switch action {
      case .signIn(let email, let password):
        store.email = email
        store.password = password.wrappedValue
      }
    }
  }

  @Test func aStateHoldingARedactedValueIsNotSavedAndSaysWhere() async throws {
    let storage = ScriptedStorage()
    let warnings = Warnings()
    await warnings.collect {
      let store = await Store(
        initialState: Account.State(), interactor: Account(), name: "account",
        persistence: Persistence(storage: storage, persisting: \.self))
      await store.sendAndWait(.signIn(email: "ada@example.com", password: Redacted("hunter2")))
      await #expect(throws: PersistenceError.redactedValue(at: "password")) { try await store.waitUntilSaved() }
    }
    #expect(storage.saves.isEmpty)
    #expect(warnings.all.count == 1)
    #expect(warnings.all.first?.contains("account did not save its state") == true)
    #expect(warnings.all.first?.contains("a Redacted value at password") == true)
  }

  @Test func whatLeavesTheRedactedValueOutIsSaved() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Account.State(), interactor: Account(),
      persistence: Persistence(storage: storage, persisting: \.email))
    await store.sendAndWait(.signIn(email: "ada@example.com", password: Redacted("hunter2")))
    try await store.waitUntilSaved()
    #expect(storage.saves.map { String(decoding: $0.bytes, as: UTF8.self) } == ["\"ada@example.com\""])
  }

  @Test func writtenInClearWhenTheAppOptsIn() async throws {
    let storage = ScriptedStorage()
    let store = await Store(
      initialState: Account.State(), interactor: Account(),
      persistence: Persistence(storage: storage, persisting: \.self, redacted: .writtenInClear))
    await store.sendAndWait(.signIn(email: "ada@example.com", password: Redacted("hunter2")))
    try await store.waitUntilSaved()
    let text = try #require(storage.saves.last.map { String(decoding: $0.bytes, as: UTF8.self) })
    #expect(text == #"{"email":"ada@example.com","password":"hunter2"}"#)
  }
}
