@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension StoreModel {
  /// A function that sends the action `action` makes of a new value: what a binding does when it is set,
  /// for code that is not SwiftUI (a text field's change handler, a test).
  ///
  /// ```swift
  /// let setQuery = model.setter { .queryChanged($0) }
  /// setQuery("tabby")     // sends .queryChanged("tabby")
  /// ```
  ///
  /// The value shows in the model once the store has handled the action. Set after the store has stopped,
  /// the action is not handled and the same warning as for a send says so.
  public func setter<Value>(
    sending action: @escaping @Sendable (Value) -> I.PublicAction
  ) -> @MainActor (Value) -> Void {
    { [store] value in store.send(action(value)) }
  }
}
