@testable import Actuate
import Foundation
import Testing

/// A log holds what a program's users did: its files are their owner's alone unless the program says otherwise.
@Suite("Log file permissions")
struct LogFilePermissionTests {
  private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? NSNumber).intValue
  }

  @Test func aLogFileAndEveryRotatedOneAreTheOwnersAlone() throws {
    let path = temporaryLogPath("private.log")
    defer { removeLogFiles(path) }
    let sink = try DebugSink.file(path, rotation: LogRotation(maxBytes: 100, keptFiles: 3))
    for number in 0..<10 {
      sink.deliver("entry \(number) " + String(repeating: ".", count: 80), warn: { Issue.record("\($0)") })
    }
    #expect(try permissions(path) == 0o600)
    #expect(try permissions("\(path).1") == 0o600)
    #expect(try permissions("\(path).2") == 0o600)
  }

  @Test func aTraceFileIsTheOwnersAlone() throws {
    let path = temporaryLogPath("private-trace.json")
    defer { removeLogFiles(path) }
    _ = try DebugSink.trace(path)
    #expect(try permissions(path) == 0o600)
  }

  @Test func aFileThatExistedWithAWiderModeIsNarrowedAsTheLogOpensIt() throws {
    let path = temporaryLogPath("was-public.log")
    let trace = temporaryLogPath("was-public-trace.json")
    let narrower = temporaryLogPath("owners-own.log")
    defer {
      removeLogFiles(path)
      removeLogFiles(trace)
      removeLogFiles(narrower)
    }
    for file in [path, trace] {
      #expect(
        FileManager.default.createFile(
          atPath: file, contents: Data("earlier\n".utf8), attributes: [.posixPermissions: 0o644]))
      #expect(try permissions(file) == 0o644)
    }
    _ = try DebugSink.file(path)
    _ = try DebugSink.trace(trace)
    #expect(try permissions(path) == 0o600)
    #expect(try permissions(trace) == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier\n", "the file is appended to, not replaced")
    // Only narrowed: a mode narrower than the one asked for stays.
    #expect(FileManager.default.createFile(atPath: narrower, contents: nil, attributes: [.posixPermissions: 0o400]))
    _ = try? DebugSink.file(narrower, permissions: 0o640)
    #expect(try permissions(narrower) == 0o400)
  }

  @Test func aProgramCanAskForWiderPermissions() throws {
    let path = temporaryLogPath("shared.log")
    let trace = temporaryLogPath("shared-trace.json")
    defer {
      removeLogFiles(path)
      removeLogFiles(trace)
    }
    _ = try DebugSink.file(path, permissions: 0o640)
    _ = try DebugSink.trace(trace, permissions: 0o640)
    // Less the umask, which takes group write at most: 0o640 has none to take.
    #expect(try permissions(path) == 0o640)
    #expect(try permissions(trace) == 0o640)
  }
}
