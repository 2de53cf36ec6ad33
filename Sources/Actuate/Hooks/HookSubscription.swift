/// What a hook does for the life of its store: feed an `AsyncSequence` into the store.
///
/// Return one from ``Interactor/hook(_:store:)``:
///
/// ```swift
/// func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
///   switch hook {
///   case .messages:                 // outside events applied to state
///     .forEach(service.incoming) { message, store in store.messages.append(message) }
///   case .queryTyped:               // the store's own state, turned into actions
///     .send(store.values(\.query)) { _ in .search }
///   }
/// }
/// ```
///
/// Elements are taken on the store's executor, one at a time; each element's writes form one state change.
/// A sequence that finishes ends its hook quietly. One that throws is reported (a warning, and a debug log
/// entry) and ends its hook; the store runs on. Every hook ends when the store stops.
public struct HookSubscription<I: Interactor>: Sendable {
  let run: @Sendable (isolated StoreActor<I>, HookRecord<I>) async throws -> Void

  /// A hook that does nothing.
  public static var none: Self { Self { _, _ in } }

  /// Sends the action each element maps to; `nil` sends nothing.
  public static func send<S: AsyncSequence & Sendable>(
    _ sequence: S,
    _ transform: @escaping @Sendable (S.Element) -> I.Action?
  ) -> Self {
    forEach(sequence) { element, store in
      if let action = transform(element) { store.send(action) }
    }
  }

  /// Sends each element, which is an action.
  public static func send<S: AsyncSequence & Sendable>(_ sequence: S) -> Self where S.Element == I.Action {
    send(sequence) { $0 }
  }

  /// Runs `body` for each element, isolated to the store: read and write state, send actions.
  public static func forEach<S: AsyncSequence & Sendable>(
    _ sequence: S,
    _ body: @escaping @Sendable (S.Element, isolated StoreActor<I>) -> Void
  ) -> Self {
    Self { store, record in
      if let replayed = store.replayedElements(of: record, as: S.Element.self) {
        while let element = await replayed.next() {
          store.hookDelivered(element, by: record, replayed: true)
          store.hookStretch { body(element, store) }
        }
        return
      }
      for try await element in sequence {
        store.hookDelivered(element, by: record)
        store.hookStretch { body(element, store) }
      }
    }
  }

  /// Writes each element to one property of the state.
  public static func assign<S: AsyncSequence & Sendable>(
    _ sequence: S,
    to keyPath: WritableKeyPath<I.State, S.Element> & Sendable
  ) -> Self {
    forEach(sequence) { element, store in store.state[keyPath: keyPath] = element }
  }
}
