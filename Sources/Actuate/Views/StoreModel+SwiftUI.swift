#if canImport(SwiftUI)
import SwiftUI

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension StoreModel {
  /// A binding that reads `keyPath` (tracked like any read) and, when set, sends the action `action`
  /// makes of the new value.
  ///
  /// ```swift
  /// TextField("Search", text: model.binding(\.query) { .queryChanged($0) })
  /// ```
  ///
  /// Set after the store has stopped, the action is not handled and the same warning as for a send says so.
  public func binding<Value>(
    _ keyPath: KeyPath<I.State, Value>, sending action: @escaping @Sendable (Value) -> I.PublicAction
  ) -> Binding<Value> {
    // SwiftUI's closures are `@Sendable` but inherit the caller's actor, so these two run on the main actor:
    // they may read the model synchronously, and capture the key path, which is not `Sendable` (SE-0434).
    return Binding(
      get: { self[keyPath] },
      set: { value, transaction in
        self.animateNextUpdate(with: transaction)
        self.store.send(action(value))
      })
  }

  /// Sends an action and animates the next update of the model, which is the first change the action's
  /// handler makes unless another change reaches the model first.
  ///
  /// ```swift
  /// model.send(.toggleDetails, animation: .default)
  /// ```
  @discardableResult
  public func send(_ action: I.PublicAction, animation: Animation?) -> ActionTask {
    animateNextUpdate(with: Transaction(animation: animation))
    return send(action)
  }

  private func animateNextUpdate(with transaction: Transaction) {
    guard transaction.animation != nil else { return }
    pendingUpdate = { update in withTransaction(transaction, update) }
  }
}
#endif
