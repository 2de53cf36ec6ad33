/// How a store starts an action's task, made where the interactor's type is known.
///
/// The store's own code is generic and runs unspecialised for an interactor of the client's module: there,
/// forming a task's operation isolated to the store, and each executor switch in it (at its start, and back
/// from the handler), looks up the store's generic type and its `Actor` conformance. `specialised` is
/// inlinable, so the public `Store` initialiser, inlined into the client's module, makes it there, for the
/// concrete interactor: its task finds the store's executor through cached look-ups and calls the handler
/// directly. It runs exactly what `StoreActor.run` runs for an action with no delay and no child's handler.
@usableFromInline
struct TaskStarter<I: Interactor>: Sendable {
  @usableFromInline
  let start: @Sendable (isolated StoreActor<I>, ActionRecord<I>, CancelID?) -> Task<Void, Never>

  @inlinable
  init(start: @escaping @Sendable (isolated StoreActor<I>, ActionRecord<I>, CancelID?) -> Task<Void, Never>) {
    self.start = start
  }

  /// Binds the record, starts the task immediately, and in it runs the handler between `willRun` and
  /// `ended`.
  @inlinable
  static var specialised: Self {
    Self { store, record, group in
      store.spawnImmediately(bound: record) {
        guard let startedAt = store.willRun(record, group: group) else { return }
        await store.interactor.onAction(record.action, store: store)
        store.ended(record, group: group, startedAt: startedAt.time)
      }
    }
  }
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
