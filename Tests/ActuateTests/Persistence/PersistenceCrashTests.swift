import Actuate
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program with a persisted store (`ActuatePersistenceProbe`), run as a child process: killed in the middle
/// of a save, it leaves the last good state, whole; ended normally, it leaves its newest state.
///
/// Serialized, and each child waited for on a thread of its own, as LogExitTests does.
@Suite("Persistence across a crash and an exit", .serialized, .timeLimit(.minutes(2)))
struct PersistenceCrashTests {
  /// Children per case: each starts a process and syncs files, on a machine that runs the other tests too;
  /// under a sanitizer each child takes about a second to start.
  private static let runs = Sanitizer.isActive ? 2 : 5

  @Test(arguments: [("half-written", 1), ("synced", 1), ("renamed", 3)])
  func aKillInTheMiddleOfASaveLeavesAWholeState(_ point: String, expected: Int) async throws {
    let file = StatePath()
    defer { file.remove() }
    let run = try await runProbe(file, ["crash", point])
    #expect(run.killed, "the probe died by SIGKILL at \(point)")
    #expect(try await loadedTotal(file) == expected)
    // The next run loads it and saves over it, the temporary file a crash left behind included.
    let next = try await runProbe(file, ["exit"])
    #expect(next.lines.first == "loaded \(expected)")
    #expect(try await loadedTotal(file) == expected + 6)
    #expect(file.files == ["notes.state"])
  }

  @Test func everySaveAcknowledgedBeforeAKillIsKept() async throws {
    for run in 0..<Self.runs {
      let file = StatePath()
      defer { file.remove() }
      let acknowledged = 1 + run * 7 % 40
      let result = try await runProbe(file, ["count"], killAfter: acknowledged)
      #expect(result.killed)
      let total = try await loadedTotal(file)
      #expect(total >= acknowledged, "run \(run): \(acknowledged) saves were acknowledged, the file holds \(total)")
    }
  }

  @Test(arguments: ["exit", "stop"])
  func aNormalExitSavesTheNewestState(_ mode: String) async throws {
    for _ in 0..<Self.runs {
      let file = StatePath()
      defer { file.remove() }
      let run = try await runProbe(file, [mode])
      #expect(!run.killed && run.status == 0, "\(run.standardError)")
      #expect(try await loadedTotal(file) == 6)
    }
  }

  @Test func theFileIsTheOwnersAloneUnderAUmaskThatAllowsAll() async throws {
    let file = StatePath()
    defer { file.remove() }
    _ = try await runProbe(file, ["exit", "umask0"])
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  // MARK: Running the probe

  private struct ProbeRun: Sendable {
    var lines: [String]
    var killed: Bool
    var status: Int32
    var standardError: String
  }

  /// The total the file holds, loaded as a store would, with no warning.
  private func loadedTotal(_ file: StatePath) async throws -> Int {
    let warnings = Warnings()
    let total = await warnings.collect {
      await Persistence<Total>.file(file.url, persisting: \.total).load(startingFrom: Total()).total
    }
    #expect(warnings.all.isEmpty)
    return total
  }

  private struct Total: Sendable {
    var total = 0
  }

  private func runProbe(_ file: StatePath, _ arguments: [String], killAfter saves: Int? = nil) async throws
    -> ProbeRun
  {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue(label: "PersistenceCrashTests.probe").async {
        continuation.resume(with: Result { try runBlocking(file, arguments, killAfter: saves) })
      }
    }
  }

  private func runBlocking(_ file: StatePath, _ arguments: [String], killAfter saves: Int?) throws -> ProbeRun {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("ActuatePersistenceProbe")
    process.arguments = [file.path] + arguments
    var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ACTUATE_") }
    variables["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = variables
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var text = ""
    let reader = output.fileHandleForReading
    while true {
      let data = reader.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
      if let saves, text.split(separator: "\n").filter({ $0.hasPrefix("saved ") }).count >= saves {
        kill(process.processIdentifier, SIGKILL)
        break
      }
    }
    let standardError = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return ProbeRun(
      lines: text.split(separator: "\n").map(String.init),
      killed: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
      status: process.terminationStatus, standardError: standardError)
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
