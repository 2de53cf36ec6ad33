/// One store's debug log: its observer, on the store, and its writing, on the background writer.
///
/// The observer does as little as it can on the store: it checks the kind and typed action filters, reads
/// the time and puts the event itself (for a state change, the old and new values) in the logger's inbox,
/// waking the writer only when the inbox was empty. Dumping, diffing, formatting and writing all happen on
/// the writer, which takes the whole inbox at once: a busy store costs the writer one wake-up per batch,
/// not per event, and a trace gets one write per batch.
final class StoreLogger<I: Interactor>: @unchecked Sendable {
  // @unchecked: `spare`, `traces` and `timestamps` are touched only on the writer's serial queue;
  // `inbox` is locked; everything else is immutable.
  private struct Captured {
    let id: StoreID
    let event: StoreEvent<I>
    let time: WallTime
  }

  private let debug: DebugStore
  private let actions: (@Sendable (I.Action) -> Bool)?
  private let kinds: DebugEntryKinds
  private let hasTrace: Bool
  private let hasEntries: Bool
  /// A trace's diffs are abbreviated to this many lines: the timeline is for finding the moment, the log
  /// for reading all of it.
  private static var traceLines: Int { 40 }
  /// A batch's trace output is written once it reaches this size, and at the batch's end.
  private static var traceChunk: Int { 256 * 1024 }
  private let inbox = Locked<[Captured]>([])
  /// The inbox's previous storage, kept to be swapped in, so a batch allocates nothing.
  private var spare: [Captured] = []
  /// The trace text of the batch being written, per sink (empty for sinks that are not traces).
  private var traces: [JSONBuffer]
  private var timestamps: TimestampFormatter

  init(debug: DebugStore, actions: (@Sendable (I.Action) -> Bool)?) {
    self.debug = debug
    self.actions = actions
    self.kinds = DebugEntryKinds(debug.filter.kinds)
    self.hasTrace = debug.sinks.contains { $0.trace != nil }
    self.hasEntries = debug.sinks.contains { $0.trace == nil }
    self.traces = Array(repeating: JSONBuffer(capacity: 0), count: debug.sinks.count)
    self.timestamps = TimestampFormatter(utc: debug.clock.utc)
  }

  /// The store's observer: runs on the store's executor, in order.
  var observe: StoreObserver<I> {
    { [self] id, event in capture(id, event) }
  }

  private func capture(_ id: StoreID, _ event: StoreEvent<I>) {
    if let kind = event.debugKind {
      guard kinds.contains(kind) else { return }
    } else {
      // A handler's start, which only a trace shows: the end says whether there was one.
      guard hasTrace, kinds.contains(.handlerFinished) else { return }
    }
    if let actions, !event.subjectActions.allSatisfy(actions) { return }
    let captured = Captured(id: id, event: event, time: debug.clock.now())
    let wasEmpty = inbox.withLock { inbox in
      inbox.append(captured)
      return inbox.count == 1
    }
    if wasEmpty { DebugWriter.shared.enqueue { [self] in writeInbox() } }
  }

  /// Writes everything captured so far, in order, then the batch's trace output.
  private func writeInbox() {
    var batch = spare
    inbox.withLock { swap(&$0, &batch) }
    for captured in batch { write(captured.id, captured.event, at: captured.time) }
    batch.removeAll(keepingCapacity: true)
    spare = batch
    if hasTrace { writeTraces(atLeast: 1) }
  }

  private func writeTraces(atLeast size: Int) {
    for index in traces.indices where traces[index].count >= size {
      debug.sinks[index].deliver(traces[index].text, warn: debug.warn)
      traces[index].removeAll()
    }
  }

  private func write(_ id: StoreID, _ event: StoreEvent<I>, at time: WallTime) {
    if !debug.filter.keepsEveryAction {
      guard event.subjectActions.allSatisfy({ debug.filter.actions(describe($0)) }) else { return }
    }
    var diff: StateDiff?
    if case .stateChanged(let old, let new, _) = event {
      diff = StateDiff(old, new)
      guard diff != nil else { return }
    }
    if hasTrace, let input = TraceInput.make(for: event, diff: diff, maxLines: min(debug.maxLines, Self.traceLines)) {
      for (index, sink) in debug.sinks.enumerated() {
        if let trace = sink.trace { trace.record(input, store: id, at: time, to: &traces[index]) }
      }
      writeTraces(atLeast: Self.traceChunk)
    }
    switch event {
    case .actionStarted:
      return
    case .actionFinished(_, _, _, nil):
      // Never started: its cancellation was logged, and it has no end to tell.
      return
    default:
      break
    }
    guard hasEntries, let entry = DebugEntry.make(for: event, diff: diff, maxLines: debug.maxLines) else { return }
    let stamp = timestamps.format(time)
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
