import Foundation

/// A path in the temporary folder no other test uses.
func temporaryLogPath(_ name: String) -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("actuate-\(UUID().uuidString)-\(name)").path
}

/// Removes `path` and its rotated files (`path.1`, `path.2`, …).
func removeLogFiles(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
  var index = 1
  while FileManager.default.fileExists(atPath: "\(path).\(index)") {
    try? FileManager.default.removeItem(atPath: "\(path).\(index)")
    index += 1
  }
}
