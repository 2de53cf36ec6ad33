extension HookSubscription {
  /// Not available: a `forEach` body runs on the store, synchronously, one element at a time.
  ///
  /// This overload exists only so that an `async` body gets an error that says what to write instead.
  @available(
    *, unavailable,
    message:
      "a forEach body must be synchronous: update the state here, and send an action whose handler does the async work"
  )
  public static func forEach<S: AsyncSequence & Sendable>(
    _ sequence: S,
    _ body: @escaping @Sendable (S.Element, isolated StoreActor<I>) async -> Void
  ) -> Self {
    fatalError("unavailable")
  }

  /// Not available: a `forEach` body cannot throw, since nothing could catch what it throws.
  ///
  /// This overload exists only so that a throwing body gets an error that says what to write instead.
  @available(
    *, unavailable,
    message:
      "a forEach body cannot throw: catch the error in the body (do { … } catch { store.error = … }), or end the hook by making the sequence throw"
  )
  public static func forEach<S: AsyncSequence & Sendable>(
    _ sequence: S,
    _ body: @escaping @Sendable (S.Element, isolated StoreActor<I>) throws -> Void
  ) -> Self {
    fatalError("unavailable")
  }
}
