import Actuate

/// Answers a replayed store's `Recorded` dependencies from the session: each call is checked against the
/// recorded one of the same number, then waits until the replay reaches its recorded answer. Feeds its hooks
/// the elements they took from outside, each as the replay reaches its line.
final class SessionReplayer: DependencyReplaying, Sendable {
  struct Call: Hashable {
    let dependency: String
    let number: Int
  }

  private struct State {
    /// The recorded calls of each dependency, in order: their lines and inputs.
    var recorded: [String: [(line: Int, input: String)]] = [:]
    /// How many calls of each dependency the code has made.
    var made: [String: Int] = [:]
    var waiting: [Call: CheckedContinuation<(answer: ReplayedAnswer, line: Int), any Error>] = [:]
    /// The first call the session cannot answer, reported when the replay next looks.
    var problem: SessionError?
    /// The line the replay has reached: where a call the recording does not have is reported.
    var line = 1
    var isOver = false
  }

  private let path: String
  private let state: Locked<State>
  let hookFeeds: HookFeeds

  init(_ session: SessionFile) {
    path = session.path
    hookFeeds = HookFeeds(session)
    var recorded: [String: [(line: Int, input: String)]] = [:]
    for line in session.lines {
      if case .call(let dependency, _, let input) = line.event {
        recorded[dependency, default: []].append((line.number, input))
      }
    }
    state = Locked(State(recorded: recorded))
  }

  func answer(_ name: String, task: UInt64, input: any Sendable) async throws -> (answer: ReplayedAnswer, line: Int) {
    let given = (try? SessionCoding.json(input)) ?? nil
    return try await withCheckedThrowingContinuation { continuation in
      let problem: SessionError? = state.withLock { state in
        state.made[name, default: 0] += 1
        let number = state.made[name]!
        let calls = state.recorded[name] ?? []
        var problem: SessionError?
        if state.isOver {
          problem = SessionError(path: path, line: state.line, message: "the replay is over")
        } else if number > calls.count {
          problem = SessionError(
            path: path, line: state.line,
            message:
              "the code called the recorded dependency \"\(name)\" \(times(number)) by here; the session recorded \(times(calls.count)). The code changed since the recording: record a new session."
          )
        } else if let given, calls[number - 1].input != "null", !JSONFields.same(given, calls[number - 1].input) {
          problem = SessionError(
            path: path, line: calls[number - 1].line,
            message:
              "the code called \"\(name)\" (call \(number)) with \(given); the session recorded \(calls[number - 1].input). The code changed since the recording: record a new session."
          )
        }
        if let problem {
          if state.problem == nil { state.problem = problem }
          return problem
        }
        state.waiting[Call(dependency: name, number: number)] = continuation
        return nil
      }
      if let problem { continuation.resume(throwing: problem) }
    }
  }

  func feeds(_ hook: String) -> Bool {
    hookFeeds.hooks.contains(hook)
  }

  func nextElement(of hook: String) async -> (json: String, line: Int)? {
    await hookFeeds.next(of: hook)
  }

  func tookUnrecorded(_ hook: String, element: String) {
    report(
      SessionError(
        path: path, line: state.withLock { $0.line },
        message:
          "the hook \(hook) took an element (\(element)) from a sequence outside the store, and the session holds none of that hook's: give the replay's interactor a sequence that yields nothing for it, or record a new session."
      ))
  }

  func failed(at line: Int, _ message: String) {
    report(SessionError(path: path, line: line, message: message))
  }

  /// Keeps the first problem, which the replay throws when it next looks.
  private func report(_ problem: SessionError) {
    state.withLock { state in
      if state.problem == nil { state.problem = problem }
    }
  }

  /// The line the replay has reached.
  func reached(_ line: Int) {
    state.withLock { $0.line = line }
  }

  /// The first call the session could not answer.
  var problem: SessionError? { state.withLock { $0.problem } }

  /// Whether the code has made call `number` of `dependency` by now.
  func hasMade(_ dependency: String, call number: Int) -> Bool {
    state.withLock { $0.made[dependency, default: 0] >= number }
  }

  /// Gives call `number` of `dependency` its recorded answer, of line `line`; `false` if it is not waiting
  /// for one.
  func release(_ dependency: String, call number: Int, with answer: ReplayedAnswer, line: Int) -> Bool {
    guard
      let continuation = state.withLock({ $0.waiting.removeValue(forKey: Call(dependency: dependency, number: number)) }
      )
    else { return false }
    continuation.resume(returning: (answer, line))
    return true
  }

  /// Ends the replay: calls still waiting (the recording ended before their answer) are cancelled.
  func end() {
    let waiting = state.withLock { state in
      state.isOver = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for continuation in waiting { continuation.resume(throwing: CancellationError()) }
    hookFeeds.end()
  }
}

/// `once`, `twice`, `3 times`; `no call` for none.
private func times(_ count: Int) -> String {
  switch count {
  case 0: "no call"
  case 1: "once"
  case 2: "twice"
  default: "\(count) times"
  }
}
