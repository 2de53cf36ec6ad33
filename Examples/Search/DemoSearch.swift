/// Why a search failed.
enum SearchError: Error, CustomStringConvertible {
  case offline

  var description: String { "the network is offline" }
}

/// A slow search over a few package names that fails for any query with a "!", for the demo.
let demoSearch: @Sendable (String) async throws -> [String] = { query in
  try await Task.sleep(for: .milliseconds(250))
  if query.contains("!") { throw SearchError.offline }
  let packages = [
    "swift-algorithms", "swift-argument-parser", "swift-collections", "swift-nio", "vapor", "hummingbird",
  ]
  return packages.filter { $0.contains(query.lowercased()) }
}
