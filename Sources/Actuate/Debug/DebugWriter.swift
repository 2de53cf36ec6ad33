import Dispatch

/// The one background writer every debug log shares: entries are formatted and written here, each store's in
/// the order it emitted them, away from the stores' executors.
///
/// A serial `DispatchQueue` rather than a task draining an `AsyncStream`: formatting a large diff and a
/// blocking `write(2)` would otherwise occupy a thread of the cooperative pool, which has only as many
/// threads as cores and runs every store. The queue needs no owner to end it and costs nothing while idle,
/// and it keeps working while a program's main thread exits, which is what lets ``LogExit`` drain it then.
final class DebugWriter: Sendable {
  static let shared = DebugWriter()

  private let queue = DispatchQueue(label: "Actuate.DebugLog.writer", qos: .utility)
  private let key = DispatchSpecificKey<Bool>()

  init() {
    queue.setSpecific(key: key, value: true)
  }

  func enqueue(_ work: @escaping @Sendable () -> Void) {
    queue.async(execute: work)
  }

  /// Runs `work` on the writer and returns once it has run, after everything enqueued before it: the
  /// synchronous mode, where an entry is in its file before the store goes on. On the writer itself (a
  /// sink that logs), it runs at once rather than wait for itself.
  func run(_ work: @Sendable () -> Void) {
    if DispatchQueue.getSpecific(key: key) == true { return work() }
    queue.sync(execute: work)
  }

  /// Returns once everything enqueued before the call has run.
  func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async { continuation.resume() }
    }
  }

  /// Blocks the calling thread until everything enqueued before the call has run, or `timeout` has passed;
  /// returns whether it all ran. Called on the writer itself it cannot wait for itself, and returns `false`.
  func drain(timeout: DispatchTimeInterval) -> Bool {
    if DispatchQueue.getSpecific(key: key) == true { return false }
    let done = DispatchSemaphore(value: 0)
    queue.async { done.signal() }
    return done.wait(timeout: .now() + timeout) == .success
  }
}
