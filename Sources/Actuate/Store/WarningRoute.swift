/// Where a store's warnings go: to its debug log, as entries of kind `warning`, when the store is logged and
/// its filter keeps warnings; to standard error otherwise.
///
/// A service's logs go to one place (swift-log, a collector): a warning on standard error, beside the
/// log that tells what the store did, would be lost there. Nonisolated, since some warnings are given off
/// the store (a send after a stop), and set once, as the store is made, before anything can warn.
final class WarningRoute: @unchecked Sendable {
  // @unchecked: `log` is set once, in the `Store`'s initialiser, before the store is shared.
  private var log: (@Sendable (String) -> Void)?

  /// Sends the store's warnings to `log` from now on.
  func attach(_ log: @escaping @Sendable (String) -> Void) {
    self.log = log
  }

  func warn(_ message: String) {
    if let log { log(message) } else { Diagnostics.warn(message) }
  }
}
