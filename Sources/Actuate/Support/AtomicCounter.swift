#if !canImport(Darwin)
import Synchronization
#endif

/// A number that counts up by one from any thread, each caller getting its own value.
///
/// A store numbers every send with one, so on Linux it is `Synchronization.Atomic`. On Apple platforms
/// `Atomic` needs macOS 15 and iOS 18, above the package's floor, so there it is a count behind a `Locked`.
package struct AtomicCounter: ~Copyable, Sendable {
  #if canImport(Darwin)
  private let lock = Locked<UInt64>(0)
  #else
  private let value = Atomic<UInt64>(0)
  #endif

  /// A counter that has counted nothing yet.
  package init() {}

  /// Counts one more and returns the new count: 1 for the first caller.
  package func next() -> UInt64 {
    #if canImport(Darwin)
    lock.withLock { count in
      count &+= 1
      return count
    }
    #else
    value.wrappingAdd(1, ordering: .relaxed).newValue
    #endif
  }

  /// The count so far.
  package var current: UInt64 {
    #if canImport(Darwin)
    lock.withLock { $0 }
    #else
    value.load(ordering: .relaxed)
    #endif
  }
}
