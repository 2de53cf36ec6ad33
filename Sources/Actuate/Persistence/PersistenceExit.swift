import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes a normal exit save every persisted store's newest state, as ``LogExit`` keeps the debug log.
///
/// Saves run off the store, so when `main` returns the last change may still wait for its save, and the
/// last store's stop may not have been taken yet. The first persisted store registers an `atexit` handler
/// that waits, bounded, for the stores asked to stop to hand over their last state, then for every store's
/// saves. A crash or a signal skips it: what was saved before stays, whole.
enum PersistenceExit {
  private struct Tracked: Sendable {
    weak var persister: (any ExitSaving)?
  }

  private static let persisters = Locked<[Tracked]>([])

  /// One entry for each persisted store asked to stop that has not handed over its last state.
  static let stopping = DispatchGroup()

  private static let registration: Void = {
    atexit { PersistenceExit.saveAtExit() }
  }()

  private static var stopSeconds: Int { 5 }
  private static var saveSeconds: Int { 10 }

  static func track(_ persister: some ExitSaving) {
    _ = registration
    persisters.withLock { persisters in
      persisters.removeAll { $0.persister == nil }
      persisters.append(Tracked(persister: persister))
    }
  }

  private static func saveAtExit() {
    if stopping.wait(timeout: .now() + .seconds(stopSeconds)) == .timedOut {
      StandardError.write(
        "[Actuate] warning: a persisted store asked to stop had still not stopped \(stopSeconds) s after the program began to exit, so its last changes may not be saved. A handler that blocks its thread keeps its store from taking the stop.\n"
      )
    }
    let saved = DispatchGroup()
    for tracked in persisters.withLock({ $0 }) {
      guard let persister = tracked.persister else { continue }
      saved.enter()
      persister.whenSaved { saved.leave() }
    }
    if saved.wait(timeout: .now() + .seconds(saveSeconds)) == .timedOut {
      StandardError.write(
        "[Actuate] warning: a persisted store's save had not finished \(saveSeconds) s after the program began to exit, so its last changes may not be saved; what was saved before is kept.\n"
      )
    }
  }
}

/// A persister as a normal exit sees it, whatever its state's type.
protocol ExitSaving: AnyObject, Sendable {
  /// Calls `done` once nothing waits to be saved.
  func whenSaved(_ done: @escaping @Sendable () -> Void)
}

extension Persister: ExitSaving {}
