/// Keeps an ``StoreModel/observe(_:_:)`` going: the observation stops when the token is cancelled or
/// released.
///
/// ```swift
/// tokens.append(model.observe(\.query) { query in label.text = query })
/// ```
public final class ObservationToken: Sendable {
  /// Shared with the model's entry, which the token must not be kept alive by.
  let cancelled = Locked(false)

  init() {}

  deinit {
    cancel()
  }

  /// Stops the observation: its closure is not called again. Calling it again does nothing.
  public func cancel() {
    cancelled.withLock { $0 = true }
  }

  /// Whether the observation has stopped.
  public var isCancelled: Bool {
    cancelled.withLock { $0 }
  }
}
