/// One row of a ``TransitionTable``: in a phase that `from` accepts, an action that `on` accepts moves the
/// machine to the next phase, then runs the row's work, if any. Read a row as "move on this action, from
/// this phase, to that one".
///
/// ```swift
/// Move(on: .login, from: .loggedOut, to: .loggingIn) { _, store in store.send(.loginFinished) }
/// ```
public struct Move<I: Interactor, Phase: Sendable>: Sendable {
  /// The work a row runs after moving the machine, isolated to the store.
  public typealias Work = @Sendable (I.Action, isolated StoreActor<I>) async -> Void

  let accepts: @Sendable (I.Action) -> Bool
  let startsFrom: @Sendable (Phase) -> Bool
  let next: @Sendable (Phase, I.Action) -> Phase
  let work: Work?

  /// A row with predicates for the action and the phase, and the next phase computed from both: for
  /// actions and phases with payloads.
  public init(
    on action: @escaping @Sendable (I.Action) -> Bool,
    from phase: @escaping @Sendable (Phase) -> Bool,
    to next: @escaping @Sendable (Phase, I.Action) -> Phase,
    run work: Work? = nil
  ) {
    self.accepts = action
    self.startsFrom = phase
    self.next = next
    self.work = work
  }
}

extension Move where I.Action: Equatable, Phase: Equatable {
  /// `action`, in `phase`, moves to `next`.
  public init(on action: I.Action, from phase: Phase, to next: Phase, run work: Work? = nil) {
    self.init(on: { $0 == action }, from: { $0 == phase }, to: { _, _ in next }, run: work)
  }

  /// `action`, in any phase that `phases` accepts, moves to `next`: a predicate stands for a set of phases.
  public init(
    on action: I.Action, from phases: @escaping @Sendable (Phase) -> Bool, to next: Phase, run work: Work? = nil
  ) {
    self.init(on: { $0 == action }, from: phases, to: { _, _ in next }, run: work)
  }

  /// `action`, in any of `phases`, moves to `next`.
  public init(on action: I.Action, from phases: [Phase], to next: Phase, run work: Work? = nil) {
    self.init(on: { $0 == action }, from: { phases.contains($0) }, to: { _, _ in next }, run: work)
  }
}
