#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import os
#endif

/// A value behind a lock, with the shape of `Synchronization.Mutex` (`withLock { $0 … }`).
///
/// Not `Mutex` itself: on Linux its lock is invisible to ThreadSanitizer, which then reports every guarded
/// access as a race, and on Apple platforms it needs macOS 15 and iOS 18. Linux uses a `pthread_mutex_t`,
/// which the sanitizers understand, so CI runs the suite under ThreadSanitizer with no suppressions; Apple
/// platforms use an `os_unfair_lock`, there from macOS 10.12 and iOS 10. The lock and the value share one
/// allocation, which gives the lock the fixed address both kinds need.
package final class Locked<State>: @unchecked Sendable {
  // @unchecked: `state` is only touched with `lock` held.
  private let storage: LockedStorage<State>

  /// Puts `state` behind a new lock.
  package init(_ state: State) {
    storage = LockedStorage<State>.make(state)
  }

  /// Runs `body` with the lock held and the value to read or change.
  @inlinable
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try storage.withLock(body)
  }
}

#if canImport(Darwin)
@usableFromInline typealias PlatformLock = os_unfair_lock
#else
@usableFromInline typealias PlatformLock = pthread_mutex_t
#endif

@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, PlatformLock> {
  static func make(_ state: State) -> LockedStorage<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { lock in
      #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
      #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
      #endif
    }
    return unsafeDowncast(buffer, to: LockedStorage<State>.self)
  }

  @inlinable
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      #if canImport(Darwin)
      os_unfair_lock_lock(lock)
      defer { os_unfair_lock_unlock(lock) }
      #else
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }

  #if !canImport(Darwin)
  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }
  #endif
}
