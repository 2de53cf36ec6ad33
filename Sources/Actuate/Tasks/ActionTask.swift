/// A handle on one sent action: wait for its handler, or cancel it.
///
/// ```swift
/// let task = store.send(.search)
/// task.cancel()                       // or:
/// let outcome = await task.finish()   // .completed, .cancelled(reason) or .rejected
/// ```
///
/// Dropping the handle does not cancel anything.
public struct ActionTask: Sendable, Hashable {
  @usableFromInline let record: TaskRecord

  @usableFromInline
  init(record: TaskRecord) {
    self.record = record
  }

  /// Waits until the action's handler has returned, or the action was cancelled or rejected, and says which.
  ///
  /// A debounced or queued action counts as waiting until it has run. Cancelling the task that calls
  /// `finish()` does not cancel the action; call ``cancel()`` for that.
  @discardableResult
  public func finish() async -> ActionOutcome {
    await record.wait()
  }

  /// Cancels the action: before its handler starts, or cooperatively while it runs. Once cancelled, its
  /// handler's state writes and sends are dropped. Does nothing if the action has already ended.
  ///
  /// The store takes the cancel in order with the sends, as it takes them: called from a handler, after
  /// the handler's current stretch, so a started handler's ``Interactor/onCancel(_:reason:store:)`` runs
  /// then, as a change of its own. ``StoreActor/cancel(id:)`` cancels at once, within the stretch.
  public func cancel() {
    guard record.outcome == nil else { return }
    record.home.store?.cancel(record)
  }

  /// How the action ended, or `nil` while it is waiting or running.
  public var outcome: ActionOutcome? { record.outcome }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.record === rhs.record }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(record)) }
}

extension ActionTask {
  /// The task's number in its store, as store events name it.
  package var number: UInt64 { record.number }
}
