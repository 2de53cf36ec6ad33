// A stand-in for SwiftUI with the declarations Sources/Actuate/Views/StoreModel+SwiftUI.swift uses, spelled as
// SwiftUI's interface has declared them since the iOS 18 SDK, so that .ci/check-apple-only.sh can check that
// file on Linux. What a real build would trip on is in the attributes: Binding's closures are `@Sendable` and
// `@isolated(any)` and inherit the caller's actor, and Transaction is explicitly not `Sendable`. The bodies
// never run.

/// A value that a view reads and writes through closures.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct Binding<Value> {
  /// Kept because overload resolution sees it next to the transaction-taking form the extension calls.
  @preconcurrency
  public init(
    @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
    @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}

  /// The form the extension calls: the setter is handed the transaction of the change.
  @preconcurrency
  public init(
    @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
    @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void
  ) {}
}

/// Sendable only when its value is, as in the SDK.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
extension Binding: @unchecked Sendable where Value: Sendable {}

/// How a change animates.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct Animation: Equatable, Sendable {
  /// The animation `withAnimation` uses when given none.
  public static let `default` = Animation()

  private init() {}
}

/// The context of a state change: its animation among other things.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
@frozen
public struct Transaction {
  /// The animation of the change, if any.
  public var animation: Animation?

  /// A transaction that animates with `animation`.
  public init(animation: Animation?) {
    self.animation = animation
  }
}

/// Not `Sendable`, and said so: a transaction belongs to the update it came with.
@available(*, unavailable)
extension Transaction: Sendable {}

/// Runs `body` with `transaction` as the current transaction.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, visionOS 1, *)
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
  try body()
}
