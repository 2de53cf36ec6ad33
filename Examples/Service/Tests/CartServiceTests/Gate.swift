import Foundation

/// Holds whoever passes until the test opens it, so that a test decides when a service call returns rather
/// than race its delay. A waiter whose task is cancelled (a server stopping) goes on at once.
final class Gate: @unchecked Sendable {
  // @unchecked: every field is read and written with `lock` held.
  private let lock = NSLock()
  private var isOpen = false
  private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
  private var lastWaiter = 0

  /// Returns once the gate is open, or the calling task is cancelled.
  func pass() async {
    let waiter = lock.withLock {
      lastWaiter += 1
      return lastWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // A cancel that came before this point finds no waiter to let go: the flag is read here instead.
        let goesOn = lock.withLock {
          if isOpen || Task.isCancelled { return true }
          waiting[waiter] = continuation
          return false
        }
        if goesOn { continuation.resume() }
      }
    } onCancel: {
      lock.withLock { waiting.removeValue(forKey: waiter) }?.resume()
    }
  }

  /// Lets every waiter go, and whoever comes later through at once.
  func open() {
    let waiters = lock.withLock {
      isOpen = true
      defer { waiting = [:] }
      return Array(waiting.values)
    }
    for waiter in waiters { waiter.resume() }
  }
}
