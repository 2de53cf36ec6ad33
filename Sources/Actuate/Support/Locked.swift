#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock, with the shape of `Synchronization.Mutex` (`withLock { $0 … }`).
///
/// Not `Mutex` itself: on Linux its lock is invisible to ThreadSanitizer, which then reports every guarded
/// access as a race, and on Apple platforms it needs macOS 15 and iOS 18. It is a `pthread_mutex_t` on every
/// platform, which the sanitizers understand, so CI runs the suite under ThreadSanitizer with no
/// suppressions, and the lock an app runs on Apple platforms is the one CI tests on Linux. The lock and the
/// value share one allocation, which gives the lock the fixed address it needs. (The one lock every store
/// holds, its `RecordHome`'s, is a `Mutex` inline on Linux, which tells ThreadSanitizer what it orders:
/// `RecordHome.withLock(_:)`.)
///
/// A struct over that one allocation, not a class of its own around it: a copy shares the lock, as a
/// reference would, and every store holds several of these, so a wrapper object each would cost a store
/// one allocation more per lock.
package struct Locked<State>: @unchecked Sendable {
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

@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, pthread_mutex_t> {
  static func make(_ state: State) -> LockedStorage<State> {
    let buffer = create(minimumCapacity: 1) { _ in state }
    buffer.withUnsafeMutablePointerToElements { lock in
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    }
    return unsafeDowncast(buffer, to: LockedStorage<State>.self)
  }

  @inlinable
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { state, lock in
      pthread_mutex_lock(lock)
      defer { pthread_mutex_unlock(lock) }
      return try body(&state.pointee)
    }
  }

  deinit {
    _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
  }
}
