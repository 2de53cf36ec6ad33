/// Where Actuate's one-line warnings go: standard error, unless a test or a tool takes them.
package enum Diagnostics {
  /// Replaces standard error for the tasks that run inside `withValue` (and every task they start).
  @TaskLocal package static var handler: (@Sendable (String) -> Void)?

  /// How long after a stop a handler may still run before a warning says it ignores cancellation.
  @TaskLocal package static var stopGrace: Duration = .seconds(2)

  package static func warn(_ message: String) {
    let line = "[Actuate] warning: \(message)"
    if let handler {
      handler(line)
    } else {
      StandardError.write(line + "\n")
    }
  }
}
