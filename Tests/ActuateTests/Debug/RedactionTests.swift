import Foundation
import Testing

@testable import Actuate

/// Distinctive, so that a test can tell it never reached the text.
private let secret = "s3cr3t-XYZZY"

/// Secret as a whole.
private struct Token: Equatable, DebugRedacted {
  var value: String
}

/// Secret as a whole, with no `==`, and descriptions of its own that a careless author gave it.
private struct Card: DebugRedacted {
  var number: String
  var description: String { "card \(number)" }
}

private struct Account: Equatable {
  var email: String
  @Redacted var password: String
  var token: Redacted<String>?
  var session: Token?
}

/// Printed by the program itself, so it adopts `RedactedFields`.
private struct Settings: Equatable, RedactedFields {
  var email: String
  @Redacted var apiKey: String
  var token: Redacted<String>?
}

/// No `==`, so a change inside a redacted value is found by reflection.
private struct Draft {
  var notes: Redacted<[String]>
}

private enum Action: Equatable {
  case signIn(email: String, password: Redacted<String>)
  case tokenReceived(Token)
}

@Suite struct RedactionTests {
  private let account = Account(
    email: "ada@example.com", password: secret, token: Redacted(secret), session: Token(value: secret))

  @Test func aDumpShowsEveryRedactedFieldUnderItsOwnName() {
    #expect(
      DebugLog.dump(account)
        == """
        Account(
          email: "ada@example.com",
          password: <redacted>,
          token: <redacted>,
          session: <redacted>
        )
        """)
    #expect(
      DebugLog.dump(Action.signIn(email: "ada@example.com", password: Redacted(secret)))
        == #"Action.signIn(email: "ada@example.com", password: <redacted>)"#)
    #expect(DebugLog.dump([Token(value: secret)]) == "[\n  <redacted>\n]")
    #expect(DebugLog.dump(["key": Redacted(secret)]) == "[\n  \"key\": <redacted>\n]")
  }

  @Test func aDiffSaysARedactedFieldChangedWithoutShowingIt() {
    var changed = account
    changed.password = "another \(secret)"
    #expect(
      DebugLog.diff(account, changed)
        == """
          Account(
            email: "ada@example.com",
        -   password: <redacted>,
        +   password: <redacted>,
            token: <redacted>,
            session: <redacted>
          )
        """)
    var nilled = account
    nilled.token = nil
    nilled.session = Token(value: "other")
    #expect(
      DebugLog.diff(account, nilled)
        == """
          Account(
            email: "ada@example.com",
            password: <redacted>,
        -   token: <redacted>,
        +   token: nil,
        -   session: <redacted>
        +   session: <redacted>
          )
        """)
    #expect(DebugLog.diff(account, account) == nil)
  }

  @Test func aChangeIsFoundInRedactedValuesThatAreNotEquatable() {
    #expect(
      DebugLog.diff(Draft(notes: Redacted([secret])), Draft(notes: Redacted([secret, secret])))
        == """
          Draft(
        -   notes: <redacted>
        +   notes: <redacted>
          )
        """)
    #expect(DebugLog.diff(Draft(notes: Redacted([secret])), Draft(notes: Redacted([secret]))) == nil)
    #expect(DebugLog.diff([Card(number: secret)], [Card(number: "4111")]) == "  [\n-   <redacted>\n+   <redacted>\n  ]")
    #expect(DebugLog.diff([Card(number: secret)], [Card(number: secret)]) == nil)
  }

  @Test func anActionDescriptionHidesItsRedactedPayload() {
    #expect(
      describe(Action.signIn(email: "ada@example.com", password: Redacted(secret)))
        == #".signIn(email: "ada@example.com", password: <redacted>)"#)
    #expect(describe(Action.tokenReceived(Token(value: secret))) == ".tokenReceived(<redacted>)")
    #expect(describe(Card(number: secret)) == "<redacted>", "its own description is not used")
    #expect(describe(Redacted(secret)) == "<redacted>")
  }

  @Test func printingAndDumpingHideTheValue() {
    let password = Redacted(secret)
    #expect("\(password)" == "<redacted>")
    #expect(String(reflecting: password) == "<redacted>")
    #expect(String(describing: Token(value: secret)) == "<redacted>")
    #expect(!String(describing: account).contains(secret))
    var dumped = ""
    dump(Draft(notes: Redacted([secret])), to: &dumped)
    dump(password, to: &dumped)
    #expect(!dumped.contains(secret))
  }

  @Test func printingAStateThatAdoptsRedactedFieldsNamesAWrappedFieldByItsProperty() {
    let settings = Settings(email: "ada@example.com", apiKey: secret, token: Redacted(secret))
    let expected = #"Settings(email: "ada@example.com", apiKey: <redacted>, token: Optional(<redacted>))"#
    var printed = ""
    print(settings, to: &printed)
    #expect(printed == expected + "\n")
    #expect("\(settings)" == expected)
    #expect(String(reflecting: settings) == expected)
    #expect(String(describing: [settings]) == "[\(expected)]")
    // Without the conformance Swift names the wrapper's storage: the reason the protocol exists.
    #expect(String(describing: account).contains("_password: <redacted>"))
    // The log does not go through the description: it names the field the same way, one a line.
    #expect(
      DebugLog.dump(settings)
        == """
        Settings(
          email: "ada@example.com",
          apiKey: <redacted>,
          token: <redacted>
        )
        """)
  }

  @Test func itIsATransparentValueOtherwise() throws {
    var account = account
    #expect(account.password == secret)
    account.password = "new"
    #expect(account.password == "new")
    #expect(Redacted("a") == Redacted("a") && Redacted("a") != Redacted("b"))
    #expect(Set([Redacted("a"), Redacted("a")]).count == 1)
    let encoded = try JSONEncoder().encode(["password": Redacted(secret)])
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"password":"\#(secret)"}"#)
    #expect(try JSONDecoder().decode(Redacted<Int>.self, from: Data("42".utf8)).wrappedValue == 42)
  }
}
