extension StoreActor {
  /// Runs `operation` isolated to this store, from code that runs on the store's executor by construction:
  /// a child store and its root share one executor, and each reaches the other only from there.
  ///
  /// `assumeIsolated` with its check made only in debug builds: a child reaches its root this way at every
  /// read, write and send, and the check is not free.
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
