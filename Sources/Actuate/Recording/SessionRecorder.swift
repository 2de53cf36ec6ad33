/// Records one store's session: what came from outside (sends and hook elements), the recorded
/// dependencies' calls and answers, the clock's wakes and the state after each change, in the order the store took them.
///
/// The store's side appends plain values to a buffer under a lock; encoding and writing happen on the debug
/// log's writer, so a normal exit keeps everything (``LogExit``). The buffer is bounded: a store that runs
/// `limit` items ahead of the writer waits for it, since a session with a gap could not be replayed.
final class SessionRecorder<I: Interactor>: DependencyRecording, Sendable {
  enum Item: Sendable {
    case started(I.State, StoreID)
    case sent(I.Action, task: UInt64)
    case call(String, call: Int, task: UInt64, input: any Sendable)
    case answer(String, call: Int, task: UInt64, output: RecordedOutcome)
    case hookElement(String, task: UInt64, element: EncodedValue)
    case clock(Duration)
    case changed(I.State, cause: StoreCause<I>, number: Int)
    case stopped
  }

  private struct Buffer {
    var items: [Item] = []
    var isScheduled = false
    var changes = 0
    var calls: [String: Int] = [:]
    /// The store's actor, once attached: its recorded dependencies find this recorder by it.
    var owner: ObjectIdentifier?
  }

  /// Items the store may run ahead of the writer before it waits for it.
  static var limit: Int { 10_000 }

  private let file: LogFile
  private let buffer = Locked(Buffer())
  /// Encodes on the writer only: the types left out, each named once.
  private let lines: Locked<SessionLines<I>>

  init(file: LogFile) {
    self.file = file
    // The writer runs outside the task that made the store: warnings go where that task's would.
    let handler = Diagnostics.handler
    lines = Locked(
      SessionLines<I>(path: file.path) { message in
        guard let handler else { return Diagnostics.warn(message) }
        handler("[Actuate] warning: \(message)")
      })
    LogExit.register()
  }

  /// Lets the recorded dependencies and the hooks of the store `owner` find this recorder, until the store
  /// stops. Attached before the store starts, so a hook's first element is recorded.
  func attach(to owner: ObjectIdentifier) {
    buffer.withLock { $0.owner = owner }
    SessionRegistry.register(owner, as: .recording(self))
  }

  var observer: StoreObserver<I> {
    { [self] id, event in observe(id, event) }
  }

  private func observe(_ id: StoreID, _ event: StoreEvent<I>) {
    switch event {
    case .started(let state): append(.started(state, id))
    case .actionTaken(let action, let task, sender: nil): append(.sent(action, task: task))
    // Every change, one that wrote what was there included: a lost update is such a write.
    case .stateChanged(_, let new, let cause):
      let number = buffer.withLock { buffer in
        buffer.changes += 1
        return buffer.changes
      }
      append(.changed(new, cause: cause, number: number))
    case .stopped:
      if let owner = buffer.withLock({ $0.owner }) { SessionRegistry.unregister(owner) }
      append(.stopped)
    default: break
    }
  }

  func called(_ name: String, task: UInt64, input: any Sendable) -> Int {
    let call = buffer.withLock { buffer in
      buffer.calls[name, default: 0] += 1
      return buffer.calls[name]!
    }
    append(.call(name, call: call, task: task, input: input))
    return call
  }

  func answered(_ name: String, call: Int, task: UInt64, output: RecordedOutcome) {
    append(.answer(name, call: call, task: task, output: output))
  }

  func took(_ hook: String, task: UInt64, element: EncodedValue) {
    append(.hookElement(hook, task: task, element: element))
  }

  /// A sleep on the store's clock ended, `offset` after the store was made.
  func clockWoke(at offset: Duration) {
    append(.clock(offset))
  }

  private func append(_ item: Item) {
    let (schedules, isFull) = buffer.withLock { buffer in
      buffer.items.append(item)
      let schedules = !buffer.isScheduled
      buffer.isScheduled = true
      return (schedules, buffer.items.count >= Self.limit)
    }
    if isFull {
      DebugWriter.shared.run { self.write() }
    } else if schedules {
      DebugWriter.shared.enqueue { self.write() }
    }
  }

  /// On the writer: encodes what the store has appended and writes it in one call.
  private func write() {
    let items = buffer.withLock { buffer in
      buffer.isScheduled = false
      defer { buffer.items = [] }
      return buffer.items
    }
    guard !items.isEmpty else { return }
    let text = lines.withLock { lines in items.map { lines.line(for: $0) + "\n" }.joined() }
    do {
      try file.append(text)
    } catch {
      lines.withLock { $0.warnOnce("write", "cannot write the session \(file.path): \(error)") }
    }
  }
}
