/// What an action sent by ``Store/sendAndWait(_:reading:)`` reads of the state as it ends: its record holds
/// one, as one reference, so that every other record pays 8 bytes for it, not a closure's 16.
///
/// `@unchecked Sendable`: it reads on the store, before the action's end is published under its home's lock,
/// and its sender takes the value only after it has seen that end.
@usableFromInline
class StateReader<State>: @unchecked Sendable {
  /// Reads `state`, on the store, as the action ends.
  func read(_ state: State) {}
}

/// A ``StateReader`` that keeps what it read.
final class StateReading<State, Value>: StateReader<State>, @unchecked Sendable {
  private let reading: @Sendable (State) -> Value
  /// What was read; `nil` until the action has ended.
  private(set) var value: Value?

  init(_ reading: @escaping @Sendable (State) -> Value) {
    self.reading = reading
  }

  override func read(_ state: State) {
    value = reading(state)
  }
}
