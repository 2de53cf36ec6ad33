/// Where a store's warnings go: to its debug log, as entries of kind `warning`, when the store is logged and
/// its filter keeps warnings; to standard error otherwise.
///
/// A service's logs go to one place (swift-log, a collector): a warning on standard error, beside the
/// log that tells what the store did, would be lost there. A value fixed as the store is made (the `Store`
/// makes its watcher first, from the store's id): some warnings are given off the store (a send after a
/// stop), and a value set once needs no object and no lock to be read from anywhere.
struct WarningRoute: Sendable {
  private let log: (@Sendable (String) -> Void)?

  /// Warnings go to `log`, or to standard error when it is `nil`.
  init(log: (@Sendable (String) -> Void)? = nil) {
    self.log = log
  }

  /// Whether warnings go to standard error, as a route made with no log sends them.
  var isStandardError: Bool { log == nil }

  func warn(_ message: String) {
    if let log { log(message) } else { Diagnostics.warn(message) }
  }
}
