/// One store's debug log: its observer, on the store, and its writing, on the background writer.
///
/// The observer does as little as it can on the store: it checks the kind and typed action filters, reads
/// the time and enqueues the event itself (for a state change, the old and new values). Dumping, diffing,
/// formatting and writing all happen on the writer.
final class StoreLogger<I: Interactor>: @unchecked Sendable {
  // @unchecked: `started` is touched only on the writer's serial queue; everything else is immutable.
  private let debug: DebugStore
  private let actions: (@Sendable (I.Action) -> Bool)?
  private let kinds: Set<DebugEntryKind>
  private let hasTrace: Bool
  private let hasEntries: Bool
  /// A trace's diffs are abbreviated to this many lines: the timeline is for finding the moment, the log
  /// for reading all of it.
  private static var traceLines: Int { 40 }
  /// Tasks whose handlers started: an action dropped before it started has its cancellation logged, not its end.
  private var started: Set<UInt64> = []

  init(debug: DebugStore, actions: (@Sendable (I.Action) -> Bool)?) {
    self.debug = debug
    self.actions = actions
    self.kinds = debug.filter.kinds
    self.hasTrace = debug.sinks.contains { $0.trace != nil }
    self.hasEntries = debug.sinks.contains { $0.trace == nil }
  }

  /// The store's observer: runs on the store's executor, in order.
  var observe: StoreObserver<I> {
    { [self] id, event in capture(id, event) }
  }

  private func capture(_ id: StoreID, _ event: StoreEvent<I>) {
    if let kind = event.debugKind {
      guard kinds.contains(kind) else { return }
    } else {
      guard kinds.contains(.handlerFinished) else { return }
    }
    if let actions, !event.subjectActions.allSatisfy(actions) { return }
    let time = debug.clock.now()
    DebugWriter.shared.enqueue { [self] in write(id, event, at: time) }
  }

  private func write(_ id: StoreID, _ event: StoreEvent<I>, at time: WallTime) {
    guard event.subjectActions.allSatisfy({ debug.filter.actions(describe($0)) }) else { return }
    if hasTrace, let input = TraceInput.make(for: event, maxLines: min(debug.maxLines, Self.traceLines)) {
      for sink in debug.sinks {
        if let trace = sink.trace { sink.deliver(trace.record(input, store: id, at: time), warn: debug.warn) }
      }
    }
    switch event {
    case .actionStarted(_, let task):
      started.insert(task)
      return
    case .actionFinished(_, let task, _, _):
      guard started.remove(task) != nil else { return }
    default:
      break
    }
    guard hasEntries, let entry = DebugEntry.make(for: event, maxLines: debug.maxLines) else { return }
    let stamp = time.iso8601(utc: debug.clock.utc)
    var text: String?
    var line: String?
    for sink in debug.sinks where sink.trace == nil {
      switch sink.format {
      case .text:
        if text == nil { text = "[Actuate \(id) \(stamp)] \(entry.text)" }
        sink.deliver(text!, warn: debug.warn)
      case .jsonLines:
        if line == nil { line = JSONLinesFormat.line(entry, store: id, time: stamp) }
        sink.deliver(line!, warn: debug.warn)
      }
    }
  }
}
