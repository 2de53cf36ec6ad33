@testable import Actuate
import Dispatch
import Foundation
import Testing

@Suite("Log rotation")
struct LogRotationTests {
  /// The current file and every rotated one, oldest first.
  private func files(_ path: String) -> [String] {
    var paths = [path]
    var index = 1
    while FileManager.default.fileExists(atPath: "\(path).\(index)") {
      paths.insert("\(path).\(index)", at: 0)
      index += 1
    }
    return paths
  }

  private func lines(_ path: String) throws -> [String] {
    try files(path).flatMap { file in
      try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }
  }

  @Test func aFullFileIsRenamedAndTheOldestBeyondTheKeptOnesGoes() throws {
    let path = temporaryLogPath("rotating.log")
    defer { removeLogFiles(path) }
    let file = try LogFile(path: path, rotation: LogRotation(maxBytes: 1_000, keptFiles: 3))
    // 100 bytes each, so 10 fill a file exactly.
    for number in 0..<100 {
      try file.append("entry \(String(number + 1_000)) " + String(repeating: ".", count: 88) + "\n")
    }
    #expect(files(path) == ["\(path).3", "\(path).2", "\(path).1", path])
    for file in files(path) {
      #expect(try String(contentsOfFile: file, encoding: .utf8).utf8.count == 1_000)
    }
    // The newest 40 entries, in order, none split.
    #expect(try lines(path).map { $0.prefix(10) } == (60..<100).map { "entry \($0 + 1_000)" })
  }

  @Test func anEntryLargerThanTheCapGoesWholeIntoAFileOfItsOwn() throws {
    let path = temporaryLogPath("large.log")
    defer { removeLogFiles(path) }
    let file = try LogFile(path: path, rotation: LogRotation(maxBytes: 10, keptFiles: 5))
    try file.append("short\n")
    try file.append(String(repeating: "x", count: 50) + "\n")
    try file.append("after\n")
    #expect(try lines(path) == ["short", String(repeating: "x", count: 50), "after"])
    #expect(files(path).count == 3)
  }

  @Test func threadsAppendingAtOnceLoseAndSplitNothing() throws {
    let path = temporaryLogPath("threads.log")
    defer { removeLogFiles(path) }
    let file = try LogFile(path: path, rotation: LogRotation(maxBytes: 2_000, keptFiles: 10_000))
    let perThread = 500
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for number in 0..<perThread {
        try? file.append("thread \(thread) entry \(number) \(String(repeating: "-", count: number % 40))|\n")
      }
    }
    let all = try lines(path)
    #expect(all.count == 8 * perThread)
    #expect(all.allSatisfy { $0.hasPrefix("thread ") && $0.hasSuffix("|") })
    for thread in 0..<8 {
      let numbers = all.filter { $0.hasPrefix("thread \(thread) ") }.map { Int($0.split(separator: " ")[3])! }
      #expect(numbers == Array(0..<perThread), "each thread's entries are all there, in order")
    }
    #expect(try files(path).allSatisfy { try String(contentsOfFile: $0, encoding: .utf8).utf8.count <= 2_000 })
  }

  @Test func eightStoresLoggingToOneRotatingFileLoseAndSplitNothing() async throws {
    struct Counter: Interactor {
      struct State: Equatable, Sendable { var count = 0 }
      enum Action: Equatable, Sendable { case set(Int) }
      func onAction(_ action: Action, store: isolated StoreActor<Self>) async {
        if case .set(let value) = action { store.count = value }
      }
    }
    let path = temporaryLogPath("stores.jsonl")
    defer { removeLogFiles(path) }
    let debug = DebugLog(try .file(path, format: .jsonLines, rotation: LogRotation(maxBytes: 4_096, keptFiles: 10_000)))
    let actions = 150
    let ids = await runStoresAtOnce(actions: actions) { _ in
      Store(initialState: .init(), interactor: Counter(), debug: .using(debug))
    } action: {
      .set($0)
    }
    #expect(files(path).count > 10, "the log rotated")
    let entries = try lines(path).map { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
      return try #require(object, "a whole entry: \(line)")
    }
    for id in ids {
      let actionsLogged = entries.filter { $0["store"] == id.description && $0["kind"] == "action" }.compactMap {
        $0["action"]
      }
      #expect(actionsLogged == (1...actions).map { ".set(\($0))" })
    }
  }
}
