/// A feature's behaviour: how each action changes the state, which policy each action runs under, and which
/// outside sequences feed the store while it lives.
///
/// An interactor is a `Sendable` value that holds the feature's dependencies (services, clocks, id
/// generators), so tests build it with stand-ins:
///
/// ```swift
/// struct CounterInteractor: Interactor {
///   struct State: Equatable, Sendable { var count = 0 }
///   enum Action: Equatable, Sendable { case increment }
///
///   func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
///     switch action {
///     case .increment: store.count += 1
///     }
///   }
/// }
/// ```
public protocol Interactor<State, Action>: Sendable {
  /// The feature's state: a value the store owns.
  associatedtype State: Sendable
  /// What can happen to the feature: every action its handlers handle.
  associatedtype Action: Sendable
  /// The actions code outside the store may send; all of them unless the interactor keeps some internal.
  ///
  /// Internal steps (a token arrived, the user was loaded) are actions only handlers and hooks send:
  /// declare the public ones as a type of their own, embedded in `Action`, and outside code cannot send
  /// the others — the compiler says no.
  ///
  /// A parent of such a child passes on the child's `PublicAction` in a `PublicAction` of its own, mapped
  /// with the child's ``action(from:)``. Through a parent whose public actions are all of its actions, the
  /// store refuses every action outside code sends for the child (it ends `.rejected`, with a warning).
  associatedtype PublicAction: Sendable = Action
  /// The hooks the store starts when it starts; ``NoHooks`` unless the interactor names its own.
  associatedtype Hook: CaseIterable & Sendable = NoHooks

  /// Handles one action, isolated to the store.
  ///
  /// Read and write state through `store` directly (`store.query = "x"`). Between two suspension points
  /// nothing else touches the state, and the writes of one synchronous stretch form one state change.
  /// Once the task running this handler is cancelled, its later writes and sends are dropped and reported,
  /// and so are those of any task it started; ``onCancel(_:reason:store:)`` is where to undo what it set up.
  ///
  /// The handler runs in a task of its own, started by the store as it takes the action. It sees the
  /// priority and task-locals of the code whose send started the store taking it, and cancelling the
  /// action cancels only that task, never the sender's.
  func onAction(_ action: Action, store: isolated StoreActor<Self>) async

  /// Cleans up after the handler of `action`, which was cancelled after it had started: turn off the
  /// spinner it turned on, reset the progress it reported. Does nothing by default.
  ///
  /// ```swift
  /// func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
  ///   if case .search = action { store.isSearching = false }
  /// }
  /// ```
  ///
  /// Called once per cancelled handler, isolated and synchronously, right where it is cancelled (a send
  /// under ``ActionPolicy/cancelPrevious(id:)``, a ``StoreActor/cancel(id:)``, a ``Store/stop()``): before
  /// the newer action that superseded it starts, and before the code that cancelled it goes on. Its writes
  /// land, although the handler's own no longer do. Cancelled by a handler, a hook or another cleanup in the
  /// middle of its stretch (``StoreActor/cancel(id:)`` and the other cancels of the store), they are part of
  /// that stretch's change: what the stretch wrote before the cancel, the cleanup's writes and what it
  /// writes after are one state change, caused by that code. Cancelled from outside (``ActionTask/cancel()``,
  /// which the store takes in order with the sends), by a newer action's policy or
  /// by ``Store/stop()``, they form one state change of their own, whose cause is the cancellation.
  ///
  /// It is not called for an action cancelled before its handler started (that handler set nothing up),
  /// nor when the action was a child's and the child went away (its state is gone).
  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>)

  /// The action a public action stands for. The default, when the two types are the same, is the action itself.
  func action(from publicAction: PublicAction) -> Action

  /// The policy `action` runs under. The default runs every action concurrently, or, for a
  /// ``CancellableAction`` with a `cancelID`, cancels the previous action with the same identifier.
  func policy(for action: Action) -> ActionPolicy

  /// The subscription that feeds `hook` into the store. Called once per hook, isolated to the store, before
  /// the first action is handled.
  func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self>

  /// The child interactors that run inside this one's store, each against a part of the state; none by
  /// default. Read once, when the store is created. See ``Child``.
  var children: [Child<Self>] { get }
}

/// The hook type of an interactor that has no hooks: it has no values, so no hook ever starts.
public struct NoHooks: CaseIterable, Hashable, Sendable {
  /// None.
  public static var allCases: [NoHooks] { [] }

  private init() {}
}

extension Interactor {
  /// Nothing to clean up.
  public func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {}

  /// Runs every action concurrently.
  public func policy(for action: Action) -> ActionPolicy { .concurrent }

  /// No children.
  public var children: [Child<Self>] { [] }
}

extension Interactor where Action: CancellableAction {
  /// Cancels the previous action with the same `cancelID`; runs concurrently without one.
  public func policy(for action: Action) -> ActionPolicy {
    guard let id = action.cancelID else { return .concurrent }
    return .cancelPrevious(id: id)
  }
}

extension Interactor where PublicAction == Action {
  /// Every action is public: an action sent from outside is itself.
  public func action(from publicAction: Action) -> Action { publicAction }
}

extension Interactor where Hook == NoHooks {
  /// No hooks: never called.
  public func hook(_ hook: Hook, store: isolated StoreActor<Self>) -> HookSubscription<Self> {
    .none
  }
}
