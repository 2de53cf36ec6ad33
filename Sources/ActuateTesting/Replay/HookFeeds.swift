import Actuate

/// The elements a replay hands the hooks that took them from outside in the recording: each waits in its
/// hook's queue from the replay reaching its line until the hook takes it.
final class HookFeeds: Sendable {
  typealias Element = (json: String, line: Int)

  private struct State {
    var queued: [String: [Element]] = [:]
    var waiting: [String: CheckedContinuation<Element?, Never>] = [:]
    var isOver = false
  }

  /// The hooks the session holds elements of.
  let hooks: Set<String>
  private let state = Locked(State())

  init(_ session: SessionFile) {
    var hooks: Set<String> = []
    for line in session.lines {
      if case .hook(let hook, _) = line.event { hooks.insert(hook) }
    }
    self.hooks = hooks
  }

  /// Waits for the next element of `hook`; `nil` once the replay is over.
  func next(of hook: String) async -> Element? {
    await withCheckedContinuation { continuation in
      let ready: Element?? = state.withLock { state in
        if state.isOver { return .some(nil) }
        if var queue = state.queued[hook], !queue.isEmpty {
          let first = queue.removeFirst()
          state.queued[hook] = queue
          return first
        }
        state.waiting[hook] = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Hands `hook` the element of line `line`, now if it waits, else when it next asks.
  func deliver(_ element: String, to hook: String, line: Int) {
    let waiter = state.withLock { state in
      guard let waiter = state.waiting.removeValue(forKey: hook) else {
        state.queued[hook, default: []].append((element, line))
        return nil as CheckedContinuation<Element?, Never>?
      }
      return waiter
    }
    waiter?.resume(returning: (element, line))
  }

  /// The first element handed to a hook that has not taken it: its hook and line.
  var untaken: (hook: String, line: Int)? {
    state.withLock { state in
      state.queued.compactMap { hook, queue in queue.first.map { (hook, $0.line) } }.min { $0.line < $1.line }
    }
  }

  /// Ends the replay: every hook still waiting ends as if its sequence had finished.
  func end() {
    let waiting = state.withLock { state in
      state.isOver = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for continuation in waiting { continuation.resume(returning: nil) }
  }
}
