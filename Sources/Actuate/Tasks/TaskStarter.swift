/// How a store starts an action's task, made where the interactor's type is known.
///
/// Unspecialised, forming a task's operation isolated to the store, and each executor switch in it, looks up
/// the store's type and its `Actor` conformance (HowItWorks.md, "Unspecialised code"). `specialised` is
/// inlinable, so the public `Store` initialiser, inlined into the client's module, makes it there, for the
/// concrete interactor. Its task runs `StoreActor.performOwnHandler`, the body `perform` runs for the store's own actions.
@usableFromInline
struct TaskStarter<I: Interactor>: Sendable {
  @usableFromInline
  let start: @Sendable (isolated StoreActor<I>, ActionRecord<I>) -> Task<Void, Never>

  @inlinable
  init(start: @escaping @Sendable (isolated StoreActor<I>, ActionRecord<I>) -> Task<Void, Never>) {
    self.start = start
  }

  /// `start` binds the record, starts the task immediately, and in it runs `performOwnHandler`.
  ///
  /// `Task.immediate` is called here, in a loop that runs once (`ImmediateTaskSite.once`), rather than
  /// through `spawnImmediately(bound:)`: see `ImmediateTaskSite`. `nil` where there is no `Task.immediate`
  /// (Apple systems before 26): the store then starts its tasks through `run`.
  @inlinable
  static var specialised: Self? {
    guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else { return nil }
    return Self { store, record in
      var task: Task<Void, Never>?
      TaskContext.local.withValue(record) {
        for _ in 0..<ImmediateTaskSite.once {
          task = Task.immediate { await store.performOwnHandler(record) }
        }
      }
      // `once` is 1: the loop has run.
      return task!
    }
  }
}

/// Why an action's task is started from inside a loop that runs once.
///
/// `Task.immediate` is emitted into its caller and hands its `executorPreference` (`nil` here) to the
/// runtime. Depending on how the optimiser compiles the call, the runtime makes the task either with no
/// task-executor preference or with a record for a preference that is not there; with the record, every
/// executor switch in the task reads it under the task's status lock (a mutex on Linux), and the record is
/// dropped under the lock as the task ends. An action's task makes three switches. Made from inside a loop,
/// as here, no action's task has the record. `once` is out of line, so the loop is not folded away. A uprobe on the runtime's
/// `swift::AsyncTask::pushInitialTaskExecutorPreference` counts the records (Docs/Performance.md says how).
@usableFromInline
enum ImmediateTaskSite {
  /// 1, where the optimiser cannot see it.
  @usableFromInline @inline(never)
  static var once: Int { 1 }
}

/// When a handler started, for its end's event: `time` is `nil` when nobody observes the store.
///
/// A `Duration` since a fixed origin, not a `ContinuousClock.Instant`, whose layout the compiler does not
/// know: every copy of an optional instant, observed or not, went through its type's metadata.
@usableFromInline
struct StartedAt: Sendable {
  @usableFromInline let time: Duration?

  /// The time now, in the same terms.
  static var now: Duration { ContinuousClock.now - origin }

  private static let origin = ContinuousClock.now
}
