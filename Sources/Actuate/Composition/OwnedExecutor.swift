/// An executor someone other than the store owns (a TestStore's): a root store, its children and every
/// task they start run on it, one job at a time, in an order its owner decides.
///
/// A store given one starts its tasks through ``startNow(_:)`` instead of `Task.immediate`: a task that
/// prefers an executor does not start synchronously, and without the preference, a nonisolated async
/// call in a handler would leave for the global executor, where nobody orders it.
package protocol OwnedExecutor: SerialExecutor {
  /// Starts a task that prefers this executor and runs it, before returning, up to its first suspension,
  /// as `Task.immediate` would: called on this executor, by the store.
  func startNow(_ operation: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never>
}
