import Actuate
import CartService
import Foundation
import Logging
import Testing

/// What Actuate's debug log looks like through swift-log, at the levels a service runs at.
@Suite struct LogBridgeTests {
  @Test func atInfoTheStartLineReadsWholeWithoutTheState() async {
    let lines = await logLines(at: .info)
    #expect(lines.map(\.message) == ["started", "stopped"])
    #expect(lines.allSatisfy { $0.level == .info && $0.metadata["actuate.detail"] == nil })
  }

  @Test func atDebugTheStartLineCarriesTheState() async throws {
    let lines = await logLines(at: .debug)
    let started = try #require(lines.first)
    #expect(started.message == "started with state:")
    let detail = try #require(started.metadata["actuate.detail"])
    #expect("\(detail)".hasPrefix("  Cart(\n    lines: [:],"), "the state's dump, indented as the log prints it")
    #expect(lines.last?.message == "stopped")
  }

  /// The lines a cart's store logs from its start to its stop, through a logger at `level`.
  private func logLines(at level: Logger.Level) async -> [LogLine] {
    let lines = LogLines()
    var logger = Logger(label: "log-bridge-tests") { _ in CapturingHandler(lines: lines) }
    logger.logLevel = level
    let store = Store(
      initialState: Cart(), interactor: CartInteractor(services: .quick),
      debug: .using(DebugLog(ActuateLogBridge.sink(to: logger))), name: "cart test")
    store.stop()
    await store.flushDebugLog()
    return lines.all
  }
}

struct LogLine: Sendable {
  var level: Logger.Level
  var message: String
  var metadata: Logger.Metadata
}

final class LogLines: @unchecked Sendable {
  // @unchecked: `lines` is only touched with `lock` held.
  private let lock = NSLock()
  private var lines: [LogLine] = []

  func append(_ line: LogLine) {
    lock.withLock { lines.append(line) }
  }

  var all: [LogLine] { lock.withLock { lines } }
}

/// Keeps what it is given, for the test to read.
struct CapturingHandler: LogHandler {
  let lines: LogLines
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.append(LogLine(level: event.level, message: "\(event.message)", metadata: event.metadata ?? [:]))
  }
}
