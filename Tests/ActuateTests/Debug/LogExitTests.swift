import Dispatch
import Foundation
import Testing

/// A program that logs to a file and ends without flushing, run as a child process (`ActuateLogExitProbe`):
/// every entry it was given is in the file, in every format, each of many runs.
///
/// Serialized, and each child waited for on a thread of its own: a test that blocked the concurrency pool's
/// few threads for its fifty children would hold up every other test running meanwhile.
@Suite("The debug log at a program's exit", .serialized)
struct LogExitTests {
  /// Runs per case: the entries lost at exit used to differ from run to run, so one passing run proves little.
  /// `ACTUATE_EXIT_RUNS` lowers it for the sanitizer runs, where each child takes a second to start.
  private static let runs = ProcessInfo.processInfo.environment["ACTUATE_EXIT_RUNS"].flatMap(Int.init) ?? 50

  /// The text log of the probe's three sends, timestamps and durations taken out.
  private static let sendsLogged = [
    "started with state:", "  Tally.State(", "    total: 0", "  )",
    "action .add(1)", "state changed by .add(1):", "  Tally.State(", "-   total: 0", "+   total: 1", "  )",
    "ended .add(1) in –",
    "action .add(2)", "state changed by .add(2):", "  Tally.State(", "-   total: 1", "+   total: 3", "  )",
    "ended .add(2) in –",
    "action .add(3)", "state changed by .add(3):", "  Tally.State(", "-   total: 3", "+   total: 6", "  )",
    "ended .add(3) in –",
  ]

  @Test(arguments: [["stop"], ["stop", "exit"]])
  func aStoppedStoreLogsEverythingThroughStoppedWhenMainEnds(_ arguments: [String]) async throws {
    for _ in 0..<Self.runs {
      let log = try await runProbe(arguments, environment: [:])
      #expect(Self.normalised(log.text) == Self.sendsLogged + ["stopped"])
    }
  }

  @Test func aStoreLeftRunningLogsEverythingItDidWhenMainReturns() async throws {
    for _ in 0..<Self.runs {
      let log = try await runProbe([], environment: [:])
      #expect(Self.normalised(log.text) == Self.sendsLogged)
    }
  }

  @Test func jsonLinesKeepEveryEntry() async throws {
    for _ in 0..<Self.runs {
      let log = try await runProbe(["stop"], environment: ["ACTUATE_DEBUG_FORMAT": "json"])
      let kinds = try log.text.split(separator: "\n").map { line in
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        return object["kind"] ?? "?"
      }
      let action: [String] = ["action", "stateChange", "actionEnded"]
      let expected: [String] = ["started"] + action + action + action + ["stopped"]
      #expect(kinds == expected)
    }
  }

  @Test func aRotatedLogKeepsEveryEntryAcrossItsFiles() async throws {
    for _ in 0..<Self.runs {
      let log = try await runProbe(
        ["stop"], environment: ["ACTUATE_DEBUG_MAX_SIZE": "200", "ACTUATE_DEBUG_KEEP": "50"])
      #expect(log.files > 3, "the log rotated")
      #expect(Self.normalised(log.text) == Self.sendsLogged + ["stopped"])
    }
  }

  @Test(arguments: [["stop"], ["stop", "exit"]])
  func aTraceClosesEverySpanAndItsArrayWhenMainEnds(_ arguments: [String]) async throws {
    for _ in 0..<Self.runs {
      let trace = temporaryLogPath("exit-trace.json")
      defer { removeLogFiles(trace) }
      _ = try await runProbe(arguments, environment: ["ACTUATE_TRACE": trace])
      let events = try TraceFileReader(path: trace, closed: true).events.compactMap { event -> String? in
        guard let phase = event["ph"] as? String, phase != "M" else { return nil }
        return "\(phase) \(event["name"] as? String ?? "")"
      }
      let action = { (name: String) in ["B \(name)", "B handler", "i state changed", "E handler", "E "] }
      #expect(
        events == ["i trace started", "i started"] + action(".add(1)") + action(".add(2)") + action(".add(3)") + [
          "i stopped"
        ])
    }
  }

  @Test func theSynchronousModeKeepsEverythingUpToAHandlerThatTraps() async throws {
    for _ in 0..<min(10, Self.runs) {
      let log = try await runProbe(["trap"], environment: ["ACTUATE_DEBUG_SYNC": "1"], expectingTrap: true)
      #expect(Self.normalised(log.text) == Array(Self.sendsLogged.prefix(12)))
    }
  }

  @Test func theFileIsTheOwnersAlone() async throws {
    let log = try await runProbe(["stop"], environment: [:])
    #expect(log.permissions == 0o600)
  }

  @Test func theLogSaysWhereItGoesOnceOnStandardError() async throws {
    let log = try await runProbe(["stop"], environment: [:])
    #expect(log.standardError == "Actuate: debug log → \(log.path) (ACTUATE_DEBUG)\n")
  }

  // MARK: Running the probe

  private struct ProbeLog {
    var path: String
    /// The log's files, oldest first, joined.
    var text: String
    var files: Int
    var permissions: Int
    var standardError: String
  }

  private func runProbe(
    _ arguments: [String], environment: [String: String], expectingTrap: Bool = false
  ) async throws -> ProbeLog {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue(label: "LogExitTests.probe").async {
        continuation.resume(
          with: Result { try runProbeBlocking(arguments, environment: environment, expectingTrap: expectingTrap) })
      }
    }
  }

  /// Runs the probe and waits for it, blocking the calling thread.
  private func runProbeBlocking(
    _ arguments: [String], environment: [String: String], expectingTrap: Bool
  ) throws -> ProbeLog {
    let path = temporaryLogPath("exit.log")
    defer { removeLogFiles(path) }
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("ActuateLogExitProbe")
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ACTUATE_") }
    variables["ACTUATE_DEBUG"] = path
    // A trap would otherwise print a backtrace, which takes seconds.
    variables["SWIFT_BACKTRACE"] = "enable=no"
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if expectingTrap {
      #expect(process.terminationReason == .uncaughtSignal, "the probe traps")
    } else {
      #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(standardError)")
      #expect(printed == "6\n")
    }
    var files: [String] = []
    var index = 1
    while FileManager.default.fileExists(atPath: "\(path).\(index)") {
      files.insert("\(path).\(index)", at: 0)
      index += 1
    }
    if FileManager.default.fileExists(atPath: path) { files.append(path) }
    let text = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    let permissions = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    return ProbeLog(path: path, text: text, files: files.count, permissions: permissions, standardError: standardError)
  }

  /// The lines of a text log without the header's timestamp or a handler's duration, which vary by run.
  private static func normalised(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
      var line = String(line)
      if line.hasPrefix("[Actuate "), let end = line.firstIndex(of: "]") {
        line = String(line[line.index(end, offsetBy: 2)...])
      }
      if line.hasPrefix("ended "), let range = line.range(of: " in ", options: .backwards) {
        line = String(line[..<range.upperBound]) + "–"
      }
      return line
    }
  }
}

/// Where the build put its products: the probe sits beside the test bundle.
private var productsDirectory: URL {
  #if canImport(Darwin)
  for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
    return bundle.bundleURL.deletingLastPathComponent()
  }
  #endif
  return Bundle.main.bundleURL
}
