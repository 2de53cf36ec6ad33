@testable import Actuate
import Foundation
import Testing

@Suite("ACTUATE_DEBUG")
struct DebugEnvironmentTests {
  @Test func values() {
    #expect(DebugEnvironment.setting(for: nil) == .off)
    #expect(DebugEnvironment.setting(for: "") == .off)
    #expect(DebugEnvironment.setting(for: "0") == .off)
    #expect(DebugEnvironment.setting(for: "1") == .console)
    #expect(DebugEnvironment.setting(for: "console") == .console)
    #expect(DebugEnvironment.setting(for: " Console\n") == .console)
    #expect(DebugEnvironment.setting(for: "/tmp/app.log") == .file("/tmp/app.log"))
    #expect(DebugEnvironment.setting(for: "app.log") == .file("app.log"))
    #expect(DebugEnvironment.setting(for: "yes") == .console)
    #expect(DebugEnvironment.setting(for: "No") == .off)
    #expect(DebugEnvironment.setting(for: "./debug") == .file("./debug"))
    #expect(DebugEnvironment.setting(for: "debug") == .unclear("debug"))
    #expect(DebugEnvironment.setting(for: "2") == .unclear("2"))
  }

  @Test func aWordThatIsNeitherASwitchNorAPathLogsToTheConsoleAndSaysSo() {
    var warnings: [String] = []
    var announced: [String] = []
    let debug = DebugEnvironment.debugStore(
      for: "debug", warn: { warnings.append($0) }, announce: { announced.append($0) })
    #expect(debug?.sinks.map(\.name) == ["standard error"])
    #expect(
      warnings == [
        "ACTUATE_DEBUG=debug is not a switch the debug log knows, nor a path, so it logs to the console. Set it to 1, on, true or yes for the console, to 0, off, false or no for none, or to a path such as ./debug.log for a file."
      ])
    #expect(announced == ["Actuate: debug log → standard error (ACTUATE_DEBUG)"])
  }

  @Test func aLogSaysWhereItGoesWithTheWholePath() throws {
    let name = "actuate-\(UUID().uuidString).log"
    let directory = FileManager.default.currentDirectoryPath
    defer { try? FileManager.default.removeItem(atPath: directory + "/" + name) }
    var announced: [String] = []
    _ = DebugEnvironment.debugStore(for: name, warn: { Issue.record("\($0)") }, announce: { announced.append($0) })
    #expect(announced == ["Actuate: debug log → \(directory)/\(name) (ACTUATE_DEBUG)"])
  }

  @Test func theSynchronousModeIsASwitch() {
    var warnings: [String] = []
    let variables = ["ACTUATE_DEBUG": "1", "ACTUATE_DEBUG_SYNC": "yes"]
    #expect(
      DebugEnvironment.debugStore(reading: { variables[$0] }, warn: { warnings.append($0) })?.writesSynchronously
        == true)
    #expect(DebugEnvironment.debugStore(for: "1", warn: { warnings.append($0) })?.writesSynchronously == false)
    let unclear = ["ACTUATE_DEBUG": "1", "ACTUATE_DEBUG_SYNC": "always"]
    #expect(
      DebugEnvironment.debugStore(reading: { unclear[$0] }, warn: { warnings.append($0) })?.writesSynchronously == false
    )
    #expect(
      warnings == [
        "ACTUATE_DEBUG_SYNC=always is not a switch; it is taken for off. Set it to 1, on, true or yes, or to 0, off, false or no."
      ])
  }

  @Test func consoleAndFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      DebugEnvironment.debugStore(for: "1", warn: { Issue.record("\($0)") })?.sinks.map(\.name) == ["standard error"])
    #expect(DebugEnvironment.debugStore(for: path, warn: { Issue.record("\($0)") })?.sinks.map(\.name) == [path])
    #expect(DebugEnvironment.debugStore(for: "off", warn: { Issue.record("\($0)") }) == nil)
  }

  @Test func aFileThatCannotBeOpenedWarnsOnceAndLeavesLoggingOff() {
    var warnings: [String] = []
    let debug = DebugEnvironment.debugStore(for: "/etc/hostname/app.log", warn: { warnings.append($0) })
    #expect(debug == nil)
    #expect(
      warnings == [
        "ACTUATE_DEBUG=/etc/hostname/app.log: cannot open the debug log file \"/etc/hostname/app.log\": Not a directory. Debug logging is off; set ACTUATE_DEBUG to a file in a folder that exists and that you can write to, or to 1 to log to the console."
      ])
  }
}

/// Tests that set ``DebugLog/global``: one at a time, each leaving it as it found it. They log only stores of
/// their own interactor type, so stores other suites create meanwhile are never touched.
@Suite("Global debug log", .serialized)
struct DebugGlobalTests {
  private struct Probe: Interactor {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable {
      case increment
      case tick
    }
    func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
      store.count += 1
    }
  }

  private func withGlobal(_ debug: DebugLog?, _ body: () async throws -> Void) async rethrows {
    DebugLog.global = debug
    defer { DebugLog.resetGlobal() }
    try await body()
  }

  @Test func offIsFree() async {
    await withGlobal(nil) {
      let store = Store(initialState: .init(), interactor: Probe())
      await store.send(.increment).finish()
      #expect(await store.actor.observerCount == 0)
    }
  }

  @Test func onLogsEveryNewStoreUnlessItOptsOut() async {
    let log = LogCollector()
    await withGlobal(.pinned(log.sink, filter: DebugFilter(interactors: [Probe.self]))) {
      let logged = Store(initialState: .init(), interactor: Probe())
      let quiet = Store(initialState: .init(), interactor: Probe(), debug: .off)
      let noTicks = Store(initialState: .init(), interactor: Probe(), debug: .default(actions: { $0 != .tick }))
      #expect(await quiet.actor.observerCount == 0)
      for store in [logged, quiet, noTicks] {
        store.send(.tick)
        await store.send(.increment).finish()
        await store.flushDebugLog()
      }
      #expect(log.entries.filter { $0.hasPrefix("[Actuate \(logged.storeID) ") }.count == 1 + 3 + 3)
      #expect(log.entries.filter { $0.hasPrefix("[Actuate \(quiet.storeID) ") }.isEmpty)
      #expect(log.entries.filter { $0.hasPrefix("[Actuate \(noTicks.storeID) ") }.count == 1 + 3)
    }
  }

  @Test func enableAndDisable() async {
    defer { DebugLog.resetGlobal() }
    DebugLog.global = DebugLog(.custom { _ in }, filter: DebugFilter(interactors: [Probe.self]))
    #expect(DebugLog.global?.sinks.count == 1)
    let logged = Store(initialState: .init(), interactor: Probe())
    DebugLog.global = nil
    #expect(DebugLog.global == nil)
    let unlogged = Store(initialState: .init(), interactor: Probe())
    #expect(await logged.actor.observerCount == 1)
    #expect(await unlogged.actor.observerCount == 0)
  }
}

@Suite("ACTUATE_DEBUG_FORMAT, ACTUATE_DEBUG_MAX_SIZE, ACTUATE_DEBUG_KEEP and ACTUATE_TRACE")
struct DebugEnvironmentCompanionTests {
  private func debugStore(_ variables: [String: String], warnings: inout [String]) -> DebugLog? {
    var collected: [String] = []
    defer { warnings = collected }
    return DebugEnvironment.debugStore(reading: { variables[$0] }, warn: { collected.append($0) })
  }

  @Test func formats() {
    var warnings: [String] = []
    #expect(DebugEnvironment.format(nil, warn: { warnings.append($0) }) == .text)
    #expect(DebugEnvironment.format("json", warn: { warnings.append($0) }) == .jsonLines)
    #expect(DebugEnvironment.format(" JSONL ", warn: { warnings.append($0) }) == .jsonLines)
    #expect(DebugEnvironment.format("text", warn: { warnings.append($0) }) == .text)
    #expect(warnings.isEmpty)
    #expect(DebugEnvironment.format("xml", warn: { warnings.append($0) }) == .text)
    #expect(
      warnings == [
        "ACTUATE_DEBUG_FORMAT=xml is not a format the debug log knows; it logs text. Set it to text, or to json for one JSON object per line."
      ])
  }

  @Test func sizes() {
    #expect(DebugEnvironment.bytes(in: "4096") == 4_096)
    #expect(DebugEnvironment.bytes(in: "50MB") == 50_000_000)
    #expect(DebugEnvironment.bytes(in: "500 kb") == 500_000)
    #expect(DebugEnvironment.bytes(in: "2g") == 2_000_000_000)
    #expect(DebugEnvironment.bytes(in: "off") == 0)
    #expect(DebugEnvironment.bytes(in: "lots") == nil)
    #expect(DebugEnvironment.bytes(in: "-5MB") == nil)
    #expect(DebugEnvironment.bytes(in: "99999999999999999999GB") == nil)
  }

  @Test func rotation() {
    var warnings: [String] = []
    #expect(DebugEnvironment.rotation(size: nil, keep: nil, warn: { warnings.append($0) }) == .default)
    #expect(
      DebugEnvironment.rotation(size: "1MB", keep: "2", warn: { warnings.append($0) })
        == LogRotation(maxBytes: 1_000_000, keptFiles: 2))
    #expect(DebugEnvironment.rotation(size: "off", keep: nil, warn: { warnings.append($0) }) == .never)
    #expect(warnings.isEmpty)
    #expect(DebugEnvironment.rotation(size: "big", keep: "none", warn: { warnings.append($0) }) == .default)
    #expect(warnings.count == 2)
    #expect(warnings.allSatisfy { $0.contains("Set it to") })
  }

  @Test func aFileInJSONThatRotatesAndATrace() throws {
    let log = temporaryLogPath("env.jsonl")
    let trace = temporaryLogPath("env-trace.json")
    defer {
      removeLogFiles(log)
      removeLogFiles(trace)
    }
    var warnings: [String] = []
    let debug = try #require(
      debugStore(
        [
          "ACTUATE_DEBUG": log, "ACTUATE_DEBUG_FORMAT": "json", "ACTUATE_DEBUG_MAX_SIZE": "1MB", "ACTUATE_TRACE": trace,
        ],
        warnings: &warnings))
    #expect(warnings.isEmpty)
    #expect(debug.sinks.map(\.name) == [log, trace])
    // A trace prints no lines, so it has no line format.
    #expect(debug.sinks.map(\.format) == [.jsonLines, nil])
    #expect(debug.sinks.map { $0.trace != nil } == [false, true])
  }

  @Test func aTraceAlone() throws {
    let trace = temporaryLogPath("alone.json")
    defer { removeLogFiles(trace) }
    var warnings: [String] = []
    #expect(debugStore(["ACTUATE_TRACE": trace], warnings: &warnings)?.sinks.map(\.name) == [trace])
    #expect(debugStore(["ACTUATE_TRACE": "/no/such/folder/t.json"], warnings: &warnings) == nil)
    #expect(warnings.count == 1)
    #expect(warnings.first?.hasPrefix("ACTUATE_TRACE=/no/such/folder/t.json: cannot open the debug log file") == true)
  }
}
