extension StoreActor {
  /// Runs `operation` isolated to this store, from code that runs on the store's executor by construction:
  /// a child store and its root share one executor, and each reaches the other only from there.
  ///
  /// `assumeIsolated` with its check made only in debug builds: in release builds the check was a tenth of
  /// the cost of a child's action.
  nonisolated func onSharedExecutor<T: Sendable>(_ operation: (isolated StoreActor) throws -> T) rethrows -> T {
    #if DEBUG
    return try assumeIsolated(operation)
    #else
    typealias Unisolated = (StoreActor) throws -> T
    return try withoutActuallyEscaping(operation) { operation in
      try unsafeBitCast(operation, to: Unisolated.self)(self)
    }
    #endif
  }
}
