/// Names one store in logs and messages: the name it was given, or its interactor's type and a number unique
/// in the process.
public struct StoreID: Hashable, Sendable, CustomStringConvertible {
  /// The name the store was given (`cart alice`), or else its interactor's type name (`SearchInteractor`).
  public let name: String
  /// Tells stores apart, named or not; counts up from 1 in each process.
  public var number: Int { Int(bitPattern: bits & ~Self.givenBit) }
  /// The number, and in its top bit whether `name` was given rather than taken from the interactor's type:
  /// one word, not two, in every store.
  private let bits: UInt
  private var isGiven: Bool { bits & Self.givenBit != 0 }
  private static let givenBit: UInt = 1 << (UInt.bitWidth - 1)

  private static let counter = AtomicCounter()

  /// An id for a store of interactor type `type`, named `given` if it is not `nil`.
  init(type: String, given: String? = nil) {
    self.name = given ?? type
    self.bits = UInt(truncatingIfNeeded: Self.counter.next()) | (given != nil ? Self.givenBit : 0)
  }

  /// A placeholder for an entry not yet given its store: it takes no number.
  static let unnamed = StoreID()

  private init() {
    name = ""
    bits = Self.givenBit
  }

  /// The given name (`cart alice`), or the interactor's type and the number (`SearchInteractor#3`).
  public var description: String { isGiven ? name : "\(name)#\(number)" }
}
