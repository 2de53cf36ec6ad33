/// A state machine written as a table: for each allowed (action, phase) pair, the next phase and the work
/// to run. The phase is the whole state, or one property of it.
///
/// ```swift
/// let table = TransitionTable<Self, Phase>(\.phase) {
///   Move(on: .login,       from: .loggedOut,                to: .loggingIn)
///   Move(on: .loginOK,     from: .loggingIn,                to: .loggedIn)
///   Move(on: .logout,      from: .loggedIn,                 to: .loggingOut)
///   Move(on: .logoutOK,    from: .loggingOut,               to: .loggedOut)
///   Move(on: .forceLogout, from: [.loggingIn, .loggedIn],   to: .loggingOut)
/// }
/// ```
///
/// The first row that accepts both the action and the current phase wins. An action with no row for the
/// current phase is never ignored silently: the store reports it (a debug log entry, and a failure in an
/// exhaustive TestStore), and calls `onMissing` if given, or prints a one-line warning if not.
public struct TransitionTable<I: Interactor, Phase: Sendable>: Sendable {
  /// Called, isolated to the store, for an action that has no transition from the current phase.
  public typealias MissingHandler = @Sendable (I.Action, Phase, isolated StoreActor<I>) -> Void

  let phase: WritableKeyPath<I.State, Phase> & Sendable
  let rows: [Move<I, Phase>]
  let onMissing: MissingHandler?

  /// A table over the property `phase` of the state.
  public init(
    _ phase: WritableKeyPath<I.State, Phase> & Sendable,
    onMissing: MissingHandler? = nil,
    @TransitionsBuilder<I, Phase> rows: () -> [Move<I, Phase>]
  ) {
    self.phase = phase
    self.rows = rows()
    self.onMissing = onMissing
  }

  /// Moves the machine for `action`: sets the next phase (one state change with the stretch's other
  /// writes) and runs the row's work. Returns `false`, after reporting it, when no row applies.
  @discardableResult
  public func apply(_ action: I.Action, to store: isolated StoreActor<I>) async -> Bool {
    let current = store.state[keyPath: phase]
    guard let row = rows.first(where: { $0.accepts(action) && $0.startsFrom(current) }) else {
      store.reportMissingTransition(action, phase: describe(current), handled: onMissing != nil)
      onMissing?(action, current, store)
      return false
    }
    store.state[keyPath: phase] = row.next(current, action)
    await row.work?(action, store)
    return true
  }
}

extension TransitionTable where Phase == I.State {
  /// A table over the whole state.
  public init(
    onMissing: MissingHandler? = nil,
    @TransitionsBuilder<I, Phase> rows: () -> [Move<I, Phase>]
  ) {
    self.init(\.self, onMissing: onMissing, rows: rows)
  }
}
