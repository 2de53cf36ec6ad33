import Dispatch

/// The one background writer every debug log shares: entries are formatted and written here, each store's in
/// the order it emitted them, away from the stores' executors.
///
/// A serial `DispatchQueue` rather than a task draining an `AsyncStream`: formatting a large diff and a
/// blocking `write(2)` would otherwise occupy a thread of the cooperative pool, which has only as many
/// threads as cores and runs every store. The queue needs no owner to end it and costs nothing while idle.
final class DebugWriter: Sendable {
  static let shared = DebugWriter()

  private let queue = DispatchQueue(label: "Actuate.DebugStore.writer", qos: .utility)

  func enqueue(_ work: @escaping @Sendable () -> Void) {
    queue.async(execute: work)
  }

  /// Returns once everything enqueued before the call has run.
  func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async { continuation.resume() }
    }
  }
}
