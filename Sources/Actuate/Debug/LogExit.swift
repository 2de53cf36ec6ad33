import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes a normal exit keep every entry: a program that returns from `main` or calls `exit()` has its debug
/// log written out without calling anything.
///
/// The writer works on a queue of its own, so when `main` returns the entries of the last actions may still
/// be waiting there, and the last store's stop may not even have run yet: `stop()` returns before the store
/// takes it. The first log to start registers an `atexit` handler that waits, bounded, for two things in
/// turn: every logged store whose stop was asked for has logged "stopped", and the writer has written all
/// it was given. Dispatch's and the cooperative pool's threads still run while `atexit` handlers do.
///
/// Then it finishes every trace file still open, closing its JSON array with `]`.
///
/// No signal handler is installed: what a crash or a signal keeps is in Docs/Debugging.md.
enum LogExit {
  /// A trace file, held weakly: one whose sinks are all gone has finished itself.
  private struct OpenTrace: Sendable {
    weak var file: LogFile?
  }

  /// The trace files to finish at exit.
  private static let traces = Locked<[OpenTrace]>([])

  /// One entry for each logged store whose stop was asked for and is not yet in its log.
  private static let stopping = DispatchGroup()

  private static let registration: Void = {
    atexit { LogExit.drainAtExit() }
  }()

  /// How long an exit waits for stores still stopping, then for the writer: long enough for a backlog of
  /// entries, short enough that a wedged sink cannot hold a process that was told to end.
  private static var stopSeconds: Int { 5 }
  private static var writerSeconds: Int { 10 }

  /// Registers the exit handler, once per process; called as each log starts.
  static func register() {
    _ = registration
  }

  /// Finishes `file` at a normal exit, after the writer has written what it was given.
  static func finishAtExit(_ file: LogFile) {
    register()
    traces.withLock { traces in
      traces.removeAll { $0.file == nil }
      traces.append(OpenTrace(file: file))
    }
  }

  /// A logged store was asked to stop: an exit waits until `stopLogged()`.
  static func stopRequested() {
    stopping.enter()
  }

  /// The store asked to stop has put "stopped" in its inbox, and so has handed the writer all it will.
  static func stopLogged() {
    stopping.leave()
  }

  private static func drainAtExit() {
    if stopping.wait(timeout: .now() + .seconds(stopSeconds)) == .timedOut {
      StandardError.write(
        "[Actuate] warning: a store asked to stop had still not stopped \(stopSeconds) s after the program began to exit, so its debug log may end before \"stopped\". A handler that blocks its thread (a lock, a semaphore, a busy loop) keeps its store from taking the stop.\n"
      )
    }
    if !DebugWriter.shared.drain(timeout: .seconds(writerSeconds)) {
      StandardError.write(
        "[Actuate] warning: the debug log's writer had not written everything \(writerSeconds) s after the program began to exit, so the log may end early. A sink that blocks, or a program that exits from inside a sink, holds it up.\n"
      )
    }
    for trace in traces.withLock({ $0 }) { trace.file?.finish() }
  }
}
