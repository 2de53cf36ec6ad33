#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Actuate

/// Replays a recorded session against `interactor` in a ``TestStore``, and fails the test at the first
/// change whose state is not the recorded one, with a diff, the action that made it and the session's line.
///
/// ```swift
/// @Test func theReportedSessionReplays() async throws {
///   try await replay(session: sessionURL, interactor: SearchInteractor(search: Recorded("search") { _ in [] }))
/// }
/// ```
///
/// The store starts from the recorded initial state, on a ``TestClock``. The actions sent from outside are
/// sent in the recorded order, each once the store is quiet, and so are the elements hooks took from
/// sequences outside the store handed to those hooks; the interactor's `Recorded` dependencies are
/// not called but answered from the session, each at the point where its answer came in the recording; the
/// clock moves to each recorded wake. So a race between two handlers awaiting recorded dependencies
/// replays as it happened. The state after every change is compared with the recorded one. A replay of
/// unchanged code passes every run.
///
/// - Parameters:
///   - session: The session file, as `ACTUATE_RECORD` or `SessionRecording` wrote it.
///   - interactor: The interactor to replay, with its `Recorded` dependencies (what they wrap is not
///     called) and the rest of its dependencies as the test gives them.
///   - timeout: How long the replay waits, in real time, for work that left the store's executor.
///   - fileID: The file of the test: a divergence fails the test there.
///   - filePath: The path of that file.
///   - line: The line where the test replays the session.
///   - column: The column where the test replays the session.
/// - Throws: A ``SessionError`` for a session that cannot be replayed: cut short, another interactor's, a
///   newer format, an action that no longer decodes, a recorded dependency called more often or with
///   other input.
public func replay<I: Interactor>(
  session: URL, interactor: I, timeout: Duration = .seconds(5),
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async throws where I.State: Codable & Equatable {
  let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  let found = try await SessionReplay(session: session, interactor: interactor, timeout: timeout, at: location).run()
  if let found { IssueReporter.fail(found.description, at: location) }
}

/// Replays a recorded session as ``replay(session:interactor:timeout:fileID:filePath:line:column:)`` does,
/// and returns where it first diverged from the recording, or `nil`: for a test that asserts where fixed
/// code parts from a recording made before the fix.
///
/// ```swift
/// let found = try await divergence(replaying: sessionURL, interactor: fixedInteractor)
/// #expect(found?.action == ".searchResults(\"ta\")")
/// ```
///
/// - Parameters:
///   - session: The session file.
///   - interactor: The interactor to replay.
///   - timeout: How long the replay waits, in real time, for work that left the store's executor.
/// - Throws: A ``SessionError`` for a session that cannot be replayed.
public func divergence<I: Interactor>(
  replaying session: URL, interactor: I, timeout: Duration = .seconds(5)
) async throws -> SessionDivergence? where I.State: Codable & Equatable {
  try await SessionReplay(session: session, interactor: interactor, timeout: timeout, at: TestLocation()).run()
}
