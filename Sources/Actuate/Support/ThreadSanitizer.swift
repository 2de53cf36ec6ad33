#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if !canImport(Darwin)
/// Tells ThreadSanitizer, when the process runs under it, what a lock it cannot see orders.
///
/// On Linux `Synchronization.Mutex` waits on a futex from code compiled without the sanitizer, so
/// ThreadSanitizer sees neither its lock nor its unlock and reports every access the lock guards as a race.
/// A lock used inline calls ``acquire(_:)`` once it holds the lock and ``release(_:)`` before it lets go:
/// the sanitizer then orders the accesses as the lock does. Outside the sanitizer the two entry points are
/// absent, and each call is a test of a pointer that is `nil`.
enum ThreadSanitizer {
  private typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

  /// `__tsan_acquire` and `__tsan_release`, found once in the running process: present only when it was
  /// linked with the sanitizer's runtime.
  private static let annotations: (acquire: Annotation, release: Annotation)? = {
    guard let acquire = dlsym(nil, "__tsan_acquire"), let release = dlsym(nil, "__tsan_release") else {
      return nil
    }
    return (unsafeBitCast(acquire, to: Annotation.self), unsafeBitCast(release, to: Annotation.self))
  }()

  /// The lock that `object` names was just taken: what the last holder did before ``release(_:)`` happened
  /// before what follows.
  @inline(__always)
  static func acquire(_ object: AnyObject) {
    annotations?.acquire(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
  }

  /// The lock that `object` names is about to be let go.
  @inline(__always)
  static func release(_ object: AnyObject) {
    annotations?.release(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()))
  }
}
#endif
