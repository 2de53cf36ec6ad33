/// An interactor that is a transition table and nothing else: its handler applies the table.
///
/// ```swift
/// struct Door: StateMachine {
///   enum State: Equatable, Sendable { case open, closed, locked }
///   enum Action: Equatable, Sendable { case open, close, lock, unlock }
///
///   var transitions: TransitionTable<Self, State> {
///     TransitionTable {
///       Move(on: .close,  from: .open,   to: .closed)
///       Move(on: .open,   from: .closed, to: .open)
///       Move(on: .lock,   from: .closed, to: .locked)
///       Move(on: .unlock, from: .locked, to: .closed)
///     }
///   }
/// }
/// ```
public protocol StateMachine: Interactor {
  /// The machine's table, over the whole state.
  var transitions: TransitionTable<Self, State> { get }
}

extension StateMachine {
  /// Applies ``transitions`` to the action.
  public func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    await transitions.apply(action, to: store)
  }
}
