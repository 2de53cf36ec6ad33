import Foundation

/// A session file of its own for each test, removed at the end.
struct SessionFiles {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("actuate-session-\(UUID().uuidString).jsonl")
  }

  var path: String { url.path }

  var lines: [String] {
    ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// Writes `text` as the whole file.
  func write(_ text: String) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
