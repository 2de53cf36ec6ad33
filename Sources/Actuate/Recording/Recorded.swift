/// A dependency whose answers a recorded session keeps, so that a replay gives the handler the same ones.
///
/// Wrap each call that leaves the process (a network request, a database read) and give it a name the
/// session uses:
///
/// ```swift
/// struct BookSearchInteractor: Interactor {
///   let search: Recorded<String, [String]>
///   …
///   store.results = try await search(store.query)
/// }
///
/// let interactor = BookSearchInteractor(search: Recorded("search") { query in try await api.search(query) })
/// ```
///
/// In a store that records a session (``SessionRecording``), each call writes its input and, when it
/// returns, its answer. Replayed (`replay(session:interactor:)` in ActuateTesting), a call is not made: it
/// waits for the point where the recording's answer came, and returns that answer, or throws the recorded
/// error as a ``RecordedFailure``. Anywhere else it just calls `operation`.
///
/// `Input` and `Output` opt in by `Codable`: a value of another type is left out of the session, with one
/// warning naming the type. Call it from a handler or a hook, where the store's order is known.
public struct Recorded<Input: Sendable, Output: Sendable>: Sendable {
  /// The name the session gives the dependency: unique among the interactor's recorded dependencies.
  public let name: String
  private let operation: @Sendable (Input) async throws -> Output

  /// Wraps `operation` as the dependency `name`.
  public init(_ name: String, _ operation: @escaping @Sendable (Input) async throws -> Output) {
    self.name = name
    self.operation = operation
  }

  /// Calls the dependency, or in a replay, answers as the session recorded.
  ///
  /// - Parameters:
  ///   - input: What the call is made with: recorded, and compared with the recording in a replay.
  ///   - isolation: The caller's actor, inferred: the answer is recorded back on it, in the store's order.
  public func callAsFunction(_ input: Input, isolation: isolated (any Actor)? = #isolation) async throws -> Output {
    guard let (role, task) = SessionRegistry.current else { return try await operation(input) }
    switch role {
    case .recording(let recorder):
      let call = recorder.called(name, task: task, input: input)
      do {
        let output = try await operation(input)
        recorder.answered(name, call: call, task: task, output: .value(output))
        return output
      } catch {
        recorder.answered(
          name, call: call, task: task,
          output: .failure(String(describing: error), cancelled: error is CancellationError))
        throw error
      }
    case .replaying(let replayer):
      let (answer, line) = try await replayer.answer(name, task: task, input: input)
      switch answer {
      case .value(let json):
        do {
          return try SessionCoding.decode(Output.self, from: json)
        } catch {
          // Thrown to the handler as well, which cannot go on without it; the replay fails with the line.
          replayer.failed(
            at: line,
            SessionCoding.decodingFailure(of: "the answer of \"\(name)\"", as: Output.self, from: json, error: error))
          throw error
        }
      case .failure(_, cancelled: true):
        throw CancellationError()
      case .failure(let description, cancelled: false):
        throw RecordedFailure(description: description)
      }
    }
  }
}

extension Recorded where Input == Void {
  /// Wraps `operation`, which takes nothing, as the dependency `name`.
  public init(_ name: String, _ operation: @escaping @Sendable () async throws -> Output) {
    self.init(name) { (_: Void) in try await operation() }
  }

  /// Calls the dependency, or in a replay, answers as the session recorded.
  ///
  /// - Parameter isolation: The caller's actor, inferred: the answer is recorded back on it.
  public func callAsFunction(isolation: isolated (any Actor)? = #isolation) async throws -> Output {
    try await self((), isolation: isolation)
  }
}

/// An error a ``Recorded`` dependency threw while the session was recorded, thrown again by a replay: its
/// description is the original error's, so a message built from it reads the same.
public struct RecordedFailure: Error, CustomStringConvertible, Sendable {
  /// The original error's description.
  public let description: String
}
