/// The `observe` calls of a model: each watches one value of the state and is called when it changes.
struct ValueObservers<State> {
  private var entries: [(cancelled: Locked<Bool>, notify: (State) -> Void)] = []

  @MainActor
  mutating func add<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, from value: Value, token: ObservationToken,
    onChange: @escaping @MainActor (Value) -> Void
  ) {
    var last = value
    entries.append(
      (
        token.cancelled,
        { state in
          let value = state[keyPath: keyPath]
          guard value != last else { return }
          last = value
          onChange(value)
        }
      ))
  }

  /// Calls every observer still wanted with the new state, after forgetting the cancelled ones. An
  /// observer added or cancelled by one of these calls takes effect from the next update.
  @MainActor
  mutating func notify(_ new: State) {
    guard !entries.isEmpty else { return }
    entries.removeAll { $0.cancelled.withLock { $0 } }
    for entry in entries where !entry.cancelled.withLock({ $0 }) { entry.notify(new) }
  }
}
