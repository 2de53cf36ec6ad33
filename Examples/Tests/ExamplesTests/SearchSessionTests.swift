import Actuate
import ActuateTesting
import Foundation
import Testing

@testable import Search

/// Sessions of the Search demo (`swift run --package-path Examples search`), recorded with
/// `ACTUATE_RECORD`, replayed against the code as it is.
@Suite("Search example: recorded sessions")
struct SearchSessionTests {
  private static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Sessions")

  /// A replay answers the recorded searches from the session: this service is never called.
  private let interactor = SearchInteractor(search: { _ in [] })

  @Test func theDemosSessionReplays() async throws {
    try await replay(session: Self.sessions.appendingPathComponent("search-demo.jsonl"), interactor: interactor)
  }

  /// Recorded before clearing cancelled the search in flight: the search for "nio" came back after the
  /// query was cleared, and its results showed under the empty query. Replayed against the fix, the replay
  /// parts from the recording exactly there: the cancelled search's write is dropped, so its change never
  /// comes.
  @Test func theSessionRecordedBeforeTheFixDivergesWhereTheStaleResultsLanded() async throws {
    let session = Self.sessions.appendingPathComponent("search-before-the-clear-fix.jsonl")
    let found = try #require(try await divergence(replaying: session, interactor: interactor))
    #expect(found.line == 41)
    #expect(found.change == 18)
    #expect(found.action == #".search("nio")"#)
    #expect(
      found.summary
        == #"change 18, made by .search("nio") in the recording, never came: the replay made no change here, and none was waiting."#
    )
  }
}
