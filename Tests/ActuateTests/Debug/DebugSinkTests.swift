@testable import Actuate
import Foundation
import Testing

@Suite("Debug log sinks")
struct DebugSinkTests {
  @Test func everySinkGetsEveryEntry() async throws {
    let first = LogCollector()
    let second = LogCollector()
    let path = temporaryLogPath("both.log")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = Store(
      initialState: .init(), interactor: SearchFeature(),
      debug: .using(.pinned(first.sink, second.sink, try .file(path))))
    await store.send(.queryChanged("tabby")).finish()
    await store.flushDebugLog()
    #expect(first.entries.count == 7)  // started, three hooks finished, action, change, handler finished
    #expect(first.entries == second.entries)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == first.entries.map { $0 + "\n" }.joined())
  }

  @Test func aFileTakesWholeEntriesFromEightStoresAtOnce() async throws {
    struct Counter: Interactor {
      struct State: Equatable, Sendable {
        var count = 0
        var name: String
      }
      enum Action: Equatable, Sendable { case set(Int) }
      func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
        if case .set(let value) = action { store.count = value }
      }
    }
    let path = temporaryLogPath("eight.log")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let storeCount = 8
    let actions = 300
    // One sink, so one descriptor, per store: O_APPEND keeps their entries whole between descriptors too.
    let ids = await runStoresAtOnce(storeCount, actions: actions) { index in
      Store(
        initialState: .init(name: "s\(index)"), interactor: Counter(),
        debug: .using(DebugLog(try! DebugSink.file(path))))
    } action: {
      .set($0)
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // An entry starts at a header; every other line belongs to the entry above it.
    var entries: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line.hasPrefix("[Actuate ") { entries.append(String(line)) } else { entries[entries.count - 1] += "\n" + line }
    }
    #expect(text.hasSuffix("\n"))
    #expect(entries.count == storeCount * (2 + 3 * actions))
    for (index, id) in ids.enumerated() {
      let bodies = entries.filter { $0.hasPrefix("[Actuate \(id) ") }.map { entry in
        String(entry[entry.index(after: entry.firstIndex(of: "]")!)...].dropFirst())
      }
      let name = bodies.first.flatMap { $0.firstRange(of: "name: \"s")?.upperBound }.map {
        bodies[0][$0...].prefix(while: \.isNumber)
      }
      #expect(name != nil, "store \(index) has no start entry")
      let state = Counter.State(name: "s\(name ?? "")")
      var expected = [
        "started with state:\n" + DebugLog.dump(state).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
      ]
      for value in 1...actions {
        var old = state
        old.count = value - 1
        var new = state
        new.count = value
        expected.append("action .set(\(value))")
        expected.append("state changed by .set(\(value)):\n" + DebugLog.diff(old, new)!)
        expected.append("ended .set(\(value)) in ‹t›")
      }
      expected.append("stopped")
      #expect(bodies.map { $0.replacing(#/ in [0-9.]+(µs|ms|s)$/#, with: " in ‹t›") } == expected)
    }
  }

  @Test func aMissingFolderIsReportedWithThePathAndTheReason() throws {
    let path = temporaryLogPath("missing") + "/app.log"
    let error = #expect(throws: DebugSinkError.self) { try DebugSink.file(path) }
    #expect(error?.path == path)
    #expect(error?.code == ENOENT)
    #expect(error?.description == "cannot open the debug log file \"\(path)\": No such file or directory")
  }

  @Test func aDirectoryIsNotALogFile() throws {
    let path = FileManager.default.temporaryDirectory.path
    let error = #expect(throws: DebugSinkError.self) { try DebugSink.file(path) }
    #expect(error?.description == "cannot open the debug log file \"\(path)\": Is a directory")
  }

  @Test func aPathUnderARegularFileCannotBeOpened() throws {
    let file = temporaryLogPath("regular")
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let error = #expect(throws: DebugSinkError.self) { try DebugSink.file(file + "/app.log") }
    #expect(error?.description == "cannot open the debug log file \"\(file)/app.log\": Not a directory")
  }

  @Test func aThrowingSinkIsReportedOnceAndTheOthersGoOn() async {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }
    let calls = AtomicCounter()
    let healthy = LogCollector()
    let warnings = Warnings()
    let debug = await warnings.collect {
      DebugLog.pinned(
        .custom(name: "remote") { _ in
          _ = calls.next()
          throw DiskFull()
        }, healthy.sink)
    }
    let store = Store(initialState: .init(), interactor: SearchFeature(), debug: .using(debug))
    for query in ["a", "b", "c"] { store.send(.queryChanged(query)) }
    await store.send(.touch).finish()
    await store.flushDebugLog()
    #expect(Int(calls.current) == healthy.entries.count)
    let expectedEntries = 1 + 3 + 3 * 3 + 2  // started; three hooks finished; three queries; the touch
    #expect(healthy.entries.count == expectedEntries)
    #expect(
      warnings.all == [
        "[Actuate] warning: the debug log sink \"remote\" failed: disk full. Later entries are still sent to it, but its further failures are not reported."
      ])
  }

  @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
  func aFileThatFailsLaterIsReportedOnce() async throws {
    let warnings = Warnings()
    let debug = try await warnings.collect { DebugLog.pinned(try .file("/dev/full")) }
    let store = Store(initialState: .init(), interactor: SearchFeature(), debug: .using(debug))
    await store.send(.queryChanged("a")).finish()
    await store.send(.queryChanged("b")).finish()
    await store.flushDebugLog()
    #expect(
      warnings.all == [
        "[Actuate] warning: cannot write to the debug log file \"/dev/full\": No space left on device. Later entries are still sent to it, but its further failures are not reported."
      ])
  }

  @Test func aDescriptorThatCannotBeWrittenIsReportedOnce() async throws {
    let readOnly = open("/dev/null", O_RDONLY)
    defer { close(readOnly) }
    let warnings = Warnings()
    let debug = await warnings.collect { DebugLog.pinned(.descriptor(readOnly, path: "/dev/null (read-only)")) }
    let store = Store(initialState: .init(), interactor: SearchFeature(), debug: .using(debug))
    await store.send(.queryChanged("a")).finish()
    await store.flushDebugLog()
    #expect(
      warnings.all == [
        "[Actuate] warning: cannot write to the debug log file \"/dev/null (read-only)\": Bad file descriptor. Later entries are still sent to it, but its further failures are not reported."
      ])
    // Its last entry ("stopped") is written before the descriptor closes: a number closed while a store can
    // still log to it may be reused by another test's file, which would then get the entry.
    store.stop()
    await store.flushDebugLog()
  }
}
