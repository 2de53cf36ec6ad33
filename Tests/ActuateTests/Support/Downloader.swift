@testable import Actuate
import ActuateTesting

/// A download with a spinner and a progress value to clean up when it is cancelled, and every way of
/// cancelling it from inside a handler.
struct Downloader: Interactor {
  struct State: Equatable, Sendable {
    var isDownloading = false
    var progress = 0
    var files: [String] = []
    var started: [String] = []
    var cleanups: [String] = []
    var count = 0
  }

  enum Action: Equatable, Sendable {
    /// Turns the spinner on, reports progress in four steps of a second each, then adds the file.
    case download(String)
    /// The same, cancelled by id alone: it runs beside other tracked downloads.
    case tracked(String)
    case sendAndCancelTask
    case sendAndCancelID
    /// Starts an unstructured task that waits at the gate, then writes and sends.
    case startTaskThatWritesLater
    case report
    /// Writes after a suspension, then stops the store from the same stretch.
    case writeThenStop
  }

  let gate: Gate
  /// Counts the writes of the task `startTaskThatWritesLater` starts, landed or not.
  let written: Countdown
  let stopper: Stopper

  init(gate: Gate = Gate(), written: Countdown = Countdown(), stopper: Stopper = Stopper()) {
    self.gate = gate
    self.written = written
    self.stopper = stopper
  }

  func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
    switch action {
    case .download(let name), .tracked(let name):
      store.started.append(name)
      store.isDownloading = true
      for step in 1...4 {
        try? await store.sleep(for: .seconds(1))
        store.progress = step * 25
      }
      store.files.append(name)
      store.isDownloading = false
    case .sendAndCancelTask:
      store.send(.download("never")).cancel()
    case .sendAndCancelID:
      store.send(.download("never"))
      store.cancel(id: "download")
    case .startTaskThatWritesLater:
      Task {
        await gate.wait()
        store.count = 99
        store.send(.report)
        written.increment()
      }
    case .report:
      store.count += 1
    case .writeThenStop:
      try? await store.sleep(for: .seconds(1))
      store.count = 1
      stopper.stop()
    }
  }

  func onCancel(_ action: Action, reason: CancellationReason, store: isolated StoreActor<Self>) {
    switch action {
    case .download(let name), .tracked(let name):
      store.isDownloading = false
      store.progress = 0
      store.cleanups.append("\(name) (\(reason))")
    default:
      store.cleanups.append("\(action) (\(reason))")
    }
  }

  func policy(for action: Action) -> ActionPolicy {
    switch action {
    case .download: .cancelPrevious(id: "download")
    case .tracked(let name): .concurrent(id: name)
    case .startTaskThatWritesLater: .concurrent(id: "later")
    default: .concurrent
    }
  }
}

extension Downloader {
  /// A downloader's store on a test clock, with its events logged.
  static func observedStore() -> (Store<Downloader>, EventLog<Downloader>, TestClock) {
    let clock = TestClock()
    let (store, log) = Store.observed(state: .init(), interactor: Downloader(), clock: clock)
    return (store, log, clock)
  }
}

/// Lets a handler stop the store it runs in.
final class Stopper: Sendable {
  private let store = Locked<(@Sendable () -> Void)?>(nil)

  func attach(_ stop: @escaping @Sendable () -> Void) { store.withLock { $0 = stop } }
  func stop() { store.withLock { $0 }?() }
}
