/// Names one store in logs and messages: its interactor's type and a number unique in the process.
public struct StoreID: Hashable, Sendable, CustomStringConvertible {
  /// The interactor's type name, such as `SearchInteractor`.
  public let name: String
  /// Tells apart stores of the same interactor type; counts up from 1 in each process.
  public let number: Int

  private static let counter = AtomicCounter()

  init(name: String) {
    self.name = name
    self.number = Int(truncatingIfNeeded: Self.counter.next())
  }

  /// `SearchInteractor#3`.
  public var description: String { "\(name)#\(number)" }
}
