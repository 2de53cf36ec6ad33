/// Names one store in logs and messages: the name it was given, or its interactor's type and a number unique
/// in the process.
public struct StoreID: Hashable, Sendable, CustomStringConvertible {
  /// The name the store was given (`cart alice`), or else its interactor's type name (`SearchInteractor`).
  public let name: String
  /// Tells stores apart, named or not; counts up from 1 in each process.
  public let number: Int
  /// Whether `name` was given, rather than taken from the interactor's type.
  private let isGiven: Bool

  private static let counter = AtomicCounter()

  /// An id for a store of interactor type `type`, named `given` if it is not `nil`.
  init(type: String, given: String? = nil) {
    self.name = given ?? type
    self.isGiven = given != nil
    self.number = Int(truncatingIfNeeded: Self.counter.next())
  }

  /// A placeholder for an entry not yet given its store: it takes no number.
  static let unnamed = StoreID()

  private init() {
    name = ""
    isGiven = true
    number = 0
  }

  /// The given name (`cart alice`), or the interactor's type and the number (`SearchInteractor#3`).
  public var description: String { isGiven ? name : "\(name)#\(number)" }
}
