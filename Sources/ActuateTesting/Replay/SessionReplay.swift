#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Actuate

/// One replay of a session: a ``TestStore`` fed the recorded events in order, its changes checked against
/// the recorded ones.
struct SessionReplay<I: Interactor> where I.State: Codable & Equatable {
  let session: SessionFile
  let interactor: I
  let timeout: Duration
  let location: TestLocation

  init(session url: URL, interactor: I, timeout: Duration, at location: TestLocation) throws(SessionError) {
    self.session = try SessionFile(path: url.path, expecting: String(describing: I.self))
    self.interactor = interactor
    self.timeout = timeout
    self.location = location
  }

  func run() async throws -> SessionDivergence? {
    let initial: I.State
    do {
      initial = try SessionCoding.decode(I.State.self, from: session.header.state)
    } catch {
      throw SessionError(
        path: session.path, line: 1,
        message: SessionCoding.decodingFailure(
          of: "the initial state", as: I.State.self, from: session.header.state, error: error))
    }
    let clock = TestClock()
    let start = clock.now
    let replayer = SessionReplayer(session)
    let changes = ReplayedChanges<I>()
    let store = TestStore(
      initialState: initial, interactor: interactor, clock: clock, hooks: Array(I.Hook.allCases), childHooks: nil,
      exhaustivity: .off, timeout: timeout, schedule: .inOrder, observers: [changes.observer], location: location,
      made: { SessionRegistry.register(ObjectIdentifier($0), as: .replaying(replayer)) })
    let owner = ObjectIdentifier(store.store.actor)
    defer {
      SessionRegistry.unregister(owner)
      replayer.end()
      store.skipRemaining()
    }
    var checker = ChangeChecker<I>(path: session.path)
    var lastLine = 1
    for line in session.lines {
      lastLine = line.number
      replayer.reached(line.number)
      // Quiet: no job of the store can run. A task waiting for a recorded answer waits on the replay, not
      // on something that will come by itself, so the store need not settle further.
      await store.executor.untilIdle()
      // The replay checks changes itself: what the test store keeps for assertions is let go as it goes.
      store.recorder.log.withLock { $0.pending.removeAll() }
      if let problem = replayer.problem { throw problem }
      if let untaken = untakenElement(replayer) { return untaken }
      switch line.event {
      case .send(let json, let description):
        let action: I.Action
        do {
          action = try SessionCoding.decode(I.Action.self, from: json)
        } catch {
          throw SessionError(
            path: session.path, line: line.number,
            message: SessionCoding.decodingFailure(
              of: "the action \(description)", as: I.Action.self, from: json, error: error))
        }
        _ = store.store.actor.sendAsRecorded(action)
      case .call(let dependency, let call, _):
        if !replayer.hasMade(dependency, call: call) {
          return divergence(
            at: line.number, action: dependency,
            "the recording calls \"\(dependency)\" here (call \(call)), and the replay did not.")
        }
      case .answer(let dependency, let call, let answer):
        if !replayer.release(dependency, call: call, with: answer, line: line.number) {
          return divergence(
            at: line.number, action: dependency,
            "the recording's call \(call) of \"\(dependency)\" is answered here, and the replay has no such call waiting."
          )
        }
      case .hook(let hook, let element):
        replayer.hookFeeds.deliver(element, to: hook, line: line.number)
      case .clock(let offset):
        let deadline = start.advanced(by: offset)
        if deadline > clock.now { await clock.advance(to: deadline) }
      case .change(let number, let cause, let state):
        let actual = changes.takeFirst()
        if let found = checker.check(number: number, cause: cause, recorded: state, actual: actual, line: line.number) {
          return found
        }
      case .stopped:
        break
      }
    }
    await store.executor.untilIdle()
    if let problem = replayer.problem { throw problem }
    if let untaken = untakenElement(replayer) { return untaken }
    if let extra = changes.takeFirst() {
      return divergence(
        at: lastLine, action: store.describe(extra.cause),
        "the replay made a change the recording does not have, after its last line, by \(store.describe(extra.cause)).")
    }
    return nil
  }

  /// An element the replay handed a hook, which the hook has not taken by the time the store is quiet.
  private func untakenElement(_ replayer: SessionReplayer) -> SessionDivergence? {
    guard let (hook, line) = replayer.hookFeeds.untaken else { return nil }
    return divergence(
      at: line, action: "hook \(hook)",
      "the recording's hook \(hook) took an element here, and the replay's did not take it.")
  }

  private func divergence(at line: Int, action: String, _ summary: String) -> SessionDivergence {
    SessionDivergence(path: session.path, line: line, change: nil, action: action, diff: "", summary: summary)
  }
}

/// Every change a replayed store makes, a write of the value already there included, until the replay
/// takes it.
final class ReplayedChanges<I: Interactor>: Sendable {
  private let changes = Locked<[(new: I.State, cause: StoreCause<I>)]>([])

  var observer: StoreObserver<I> {
    { [self] _, event in
      if case .stateChanged(_, let new, let cause) = event { changes.withLock { $0.append((new, cause)) } }
    }
  }

  func takeFirst() -> (new: I.State, cause: StoreCause<I>)? {
    changes.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}
