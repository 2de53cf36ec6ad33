/// An action that names the work it cancels: sending it cancels the previous action with the same identifier.
///
/// This is the simple path to ``ActionPolicy/cancelPrevious(id:)``; an interactor that implements
/// ``Interactor/policy(for:)`` itself decides for all of its actions instead.
///
/// ```swift
/// enum Action: CancellableAction {
///   case search(String)
///   case clear
///
///   var cancelID: (any Hashable & Sendable)? {
///     switch self {
///     case .search: SearchID()
///     case .clear: nil
///     }
///   }
/// }
/// private struct SearchID: Hashable {}
/// ```
public protocol CancellableAction: Sendable {
  /// The identifier whose previous work this action cancels, or `nil` to run concurrently.
  ///
  /// Any `Hashable & Sendable` value works. A private type is the safest: no other feature can name it, so
  /// two features never cancel each other's work by accident.
  var cancelID: (any Hashable & Sendable)? { get }
}
