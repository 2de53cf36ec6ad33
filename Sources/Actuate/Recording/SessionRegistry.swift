/// Which stores record a session or replay one, by store: how a ``Recorded`` dependency, called from a
/// handler, finds where its call goes. A store is here from its start to its stop, so nothing outlives it.
package enum SessionRegistry {
  /// What a store does with its recorded dependencies' calls.
  package enum Role: Sendable {
    case recording(any DependencyRecording)
    case replaying(any DependencyReplaying)
  }

  private static let roles = Locked<[ObjectIdentifier: Role]>([:])

  /// Registers the store actor `owner` (as `TaskRecord.owner` names it).
  package static func register(_ owner: ObjectIdentifier, as role: Role) {
    roles.withLock { $0[owner] = role }
  }

  package static func unregister(_ owner: ObjectIdentifier) {
    roles.withLock { $0[owner] = nil }
  }

  /// The role of the store whose code runs now, if it records or replays.
  static var current: (role: Role, task: UInt64)? {
    guard let context = TaskContext.current else { return nil }
    guard let role = role(of: context.owner) else { return nil }
    return (role, context.number)
  }

  /// The role of the store actor `owner`, if it records or replays.
  static func role(of owner: ObjectIdentifier) -> Role? {
    roles.withLock { $0[owner] }
  }
}

/// Where a recording store tells what came from outside besides its sends: its ``Recorded`` dependencies'
/// calls and answers, and its hooks' elements from sequences outside the store.
package protocol DependencyRecording: AnyObject, Sendable {
  /// A call of the dependency `name` by the task `task`; returns its number among that dependency's calls.
  func called(_ name: String, task: UInt64, input: any Sendable) -> Int
  /// The answer to call `call` of `name`.
  func answered(_ name: String, call: Int, task: UInt64, output: RecordedOutcome)
  /// The hook `hook`, whose task is `task`, took `element` from its sequence.
  func took(_ hook: String, task: UInt64, element: EncodedValue)
}

/// Where a replaying store's ``Recorded`` dependencies get their answers, and its hooks the elements they
/// took from outside.
package protocol DependencyReplaying: AnyObject, Sendable {
  /// Waits until the replay reaches the recorded answer of this call, and returns it as the session has it,
  /// with its line.
  func answer(_ name: String, task: UInt64, input: any Sendable) async throws -> (answer: ReplayedAnswer, line: Int)
  /// Whether the session holds elements of `hook`: the replay then feeds them, and its sequence is unused.
  func feeds(_ hook: String) -> Bool
  /// Waits until the replay reaches the next recorded element of `hook`, and returns its JSON and line;
  /// `nil` once the replay is over.
  func nextElement(of hook: String) async -> (json: String, line: Int)?
  /// The hook `hook` took an element of type `element` from outside, which the session does not have.
  func tookUnrecorded(_ hook: String, element: String)
  /// The session's line `line` cannot be replayed, as `message` says.
  func failed(at line: Int, _ message: String)
}

/// What a recorded dependency returned.
package enum RecordedOutcome: Sendable {
  case value(any Sendable)
  /// It threw: the error's description, and whether it was a `CancellationError`.
  case failure(String, cancelled: Bool)
}

/// An answer read back from a session: the output's JSON, or the error it threw.
package enum ReplayedAnswer: Sendable {
  case value(json: String)
  case failure(String, cancelled: Bool)
}
