import Testing

@testable import Actuate

/// The type-erased identifier the scheduler keys its work by: equal exactly when the identifiers are of
/// one dynamic type and equal as that type, with a hash to match.
@Suite("Cancel identifiers")
struct CancelIDTests {
  @Test func identifiersOfOneTypeAreEqualWhenTheirValuesAre() {
    #expect(CancelID("search") == CancelID("search"))
    #expect(CancelID("search").hashValue == CancelID("search").hashValue)
    #expect(CancelID("search") != CancelID("save"))
    #expect(CancelID(Job(number: 1)) == CancelID(Job(number: 1)))
    #expect(CancelID(Job(number: 1)) != CancelID(Job(number: 2)))
  }

  @Test func equalValuesOfDifferentTypesNameDifferentWork() {
    #expect(CancelID(1 as Int) != CancelID(1 as UInt8))
    #expect(CancelID(Job(number: 1)) != CancelID(OtherJob(number: 1)))
  }

  @Test func anIdentifierPassedAsAnExistentialIsItsValue() {
    let erased: any Hashable & Sendable = Job(number: 3)
    #expect(CancelID(erased) == CancelID(Job(number: 3)))
    #expect(CancelID(erased).hashValue == CancelID(Job(number: 3)).hashValue)
    #expect(CancelID(CancelID(Job(number: 3))) == CancelID(Job(number: 3)))
  }

  @Test func aClassIdentifierIsItselfWhetherErasedAsItsClassOrItsSuperclass() {
    let token = SpecialToken(number: 7)
    let asSuperclass: Token = token
    #expect(CancelID(asSuperclass) == CancelID(token))
    #expect(CancelID(token) == CancelID(asSuperclass))
    #expect(CancelID(asSuperclass).hashValue == CancelID(token).hashValue)
    #expect(CancelID(Token(number: 7)) != CancelID(token))
  }

  @Test func theValueComesBackOnlyAsItsOwnType() {
    #expect(CancelID(Job(number: 4)).value(as: Job.self) == Job(number: 4))
    #expect(CancelID(Job(number: 4)).value(as: OtherJob.self) == nil)
    #expect(CancelID("search").description == "\"search\"")
  }

  private struct Job: Hashable, Sendable { var number: Int }
  private struct OtherJob: Hashable, Sendable { var number: Int }

  private class Token: Hashable, @unchecked Sendable {
    let number: Int
    init(number: Int) { self.number = number }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.number == rhs.number }
    func hash(into hasher: inout Hasher) { hasher.combine(number) }
  }

  private final class SpecialToken: Token, @unchecked Sendable {}
}
