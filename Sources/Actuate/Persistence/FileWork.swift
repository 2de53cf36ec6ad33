import Dispatch

/// Runs a file's blocking calls on a Dispatch thread, not on the cooperative pool, whose few threads run
/// every store: an `fsync` may take many milliseconds.
enum FileWork {
  private static let queue = DispatchQueue(label: "Actuate.Persistence.files", qos: .utility, attributes: .concurrent)

  static func run<T: Sendable>(_ work: @escaping @Sendable () throws(PersistenceError) -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result(catching: work)) }
    }
  }
}

/// The points of a file save where a test's child process kills itself, to show what a crash there keeps.
package enum SavePoint: String, Sendable {
  /// Half the temporary file is written.
  case halfWritten = "half-written"
  /// The temporary file is written and synced, not yet renamed.
  case synced
  /// The temporary file has replaced the file; the folder is not yet synced.
  case renamed

  /// What runs at each point: `nil` outside those tests, so a save checks one value per point.
  package static let handler = Locked<(@Sendable (SavePoint) -> Void)?>(nil)

  static func reach(_ point: SavePoint) {
    if let handler = handler.withLock({ $0 }) { handler(point) }
  }
}
