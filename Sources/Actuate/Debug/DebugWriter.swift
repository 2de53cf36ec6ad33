import Dispatch

/// The one background writer every debug log shares: entries are formatted and written here, in the order
/// stores emitted them, away from the stores' executors.
///
/// A serial `DispatchQueue` rather than a task draining an `AsyncStream`: formatting a large diff and a
/// blocking `write(2)` would otherwise occupy a thread of the cooperative pool, which has only as many
/// threads as cores and runs every store. The queue needs no owner to end it and costs nothing while idle.
///
/// Work waits in a list the queue empties in one go: a store logs several entries per action, and waking the
/// queue's thread for each of them cost more than writing them.
final class DebugWriter: Sendable {
  static let shared = DebugWriter()

  private struct Pending {
    var work: [@Sendable () -> Void] = []
    var isScheduled = false
  }

  private let queue = DispatchQueue(label: "Actuate.DebugStore.writer", qos: .utility)
  private let pending = Locked(Pending())

  func enqueue(_ work: @escaping @Sendable () -> Void) {
    let schedule = pending.withLock { pending in
      pending.work.append(work)
      defer { pending.isScheduled = true }
      return !pending.isScheduled
    }
    if schedule { queue.async { self.runPending() } }
  }

  /// Returns once everything enqueued before the call has run.
  func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      enqueue { continuation.resume() }
    }
  }

  private func runPending() {
    var batch: [@Sendable () -> Void] = []
    while true {
      pending.withLock { pending in
        swap(&pending.work, &batch)
        if batch.isEmpty { pending.isScheduled = false }
      }
      if batch.isEmpty { return }
      for work in batch { work() }
      batch.removeAll(keepingCapacity: true)
    }
  }
}
