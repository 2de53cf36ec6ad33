/// The store a record belongs to, as its handles and the test clock reach it.
package protocol TaskOwner: AnyObject, Sendable {
  /// What the store's records share.
  nonisolated var home: RecordHome { get }
  /// Cancels the record's task, in order with the sends before it.
  func cancel(_ record: TaskRecord)
  /// Takes every action sent so far, running each one's first stretch.
  func drainIntake() async
  /// Returns once the store has nothing left to do that it can do on its own.
  func settle() async
  /// Returns once the store is idle: see ``Store/waitUntilIdle()``.
  func waitUntilIdle() async
}
