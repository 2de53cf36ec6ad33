/// One store's debug log: its inbox, on the store, and its writing, on the background writer.
///
/// The store does as little as it can: it checks the kind filter, reads the time and puts what happened in
/// the logger's ``EventInbox`` (for an action, its record; for a change, the batch and the new state),
/// waking the writer only when the inbox was empty. Rebuilding the events, the typed action filter,
/// dumping, diffing, formatting and writing all happen on the writer, which takes the whole inbox at once:
/// a busy store costs the writer one wake-up per batch, not per event, and a trace gets one write per batch.
final class StoreLogger<I: Interactor>: @unchecked Sendable {
  // @unchecked: `spare`, `traces` and `timestamps` are touched only on the writer's serial queue;
  // everything else is immutable, or (`inbox`) locked.

  private let debug: DebugStore
  private let actions: (@Sendable (I.Action) -> Bool)?
  private let hasTrace: Bool
  private let hasEntries: Bool
  /// The store's identity and name, to tell its records from another store's and to head its entries.
  private let owner: ObjectIdentifier
  private let id: StoreID
  /// A trace's diffs are abbreviated to this many lines: the timeline is for finding the moment, the log
  /// for reading all of it.
  private static var traceLines: Int { 40 }
  /// A batch's trace output is written once it reaches this size, and at the batch's end.
  private static var traceChunk: Int { 256 * 1024 }
  /// The inbox's previous storage, kept to be swapped in, so a batch allocates nothing.
  private var spare: [EventInbox.Item] = []
  /// The trace text of the batch being written, per sink (empty for sinks that are not traces).
  private var traces: [JSONBuffer]
  private var timestamps: TimestampFormatter

  init(debug: DebugStore, actions: (@Sendable (I.Action) -> Bool)?, store: ObjectIdentifier, id: StoreID) {
    self.debug = debug
    self.actions = actions
    self.owner = store
    self.id = id
    self.hasTrace = debug.sinks.contains { $0.trace != nil }
    self.hasEntries = debug.sinks.contains { $0.trace == nil }
    self.traces = Array(repeating: JSONBuffer(capacity: 0), count: debug.sinks.count)
    self.timestamps = TimestampFormatter(utc: debug.clock.utc)
  }

  /// The inbox the store puts what happens in. It holds this logger, and the store holds it: the logger
  /// lives as long as the store, and holds nothing back.
  func makeInbox() -> EventInbox {
    EventInbox(kinds: DebugEntryKinds(debug.filter.kinds), hasTrace: hasTrace, clock: debug.clock) { [self] inbox in
      DebugWriter.shared.enqueue { self.writeInbox(inbox) }
    }
  }

  /// Writes everything put in the inbox so far, in order, then the batch's trace output.
  private func writeInbox(_ inbox: EventInbox) {
    var batch = spare
    inbox.take(into: &batch)
    for item in batch {
      let event = event(of: item)
      if let actions, !event.subjectActions.allSatisfy(actions) { continue }
      write(event, at: item.time)
    }
    batch.removeAll(keepingCapacity: true)
    spare = batch
    if hasTrace { writeTraces(atLeast: 1) }
  }

  /// The event an inbox item tells of. Every record and change in this inbox is this store's.
  private func event(of item: EventInbox.Item) -> StoreEvent<I> {
    switch item.kind {
    case .sent:
      let record = unsafeDowncast(item.record!, to: ActionRecord<I>.self)
      return .actionSent(record.action, task: record.number, sender: record.sender)
    case .started:
      let record = unsafeDowncast(item.record!, to: ActionRecord<I>.self)
      return .actionStarted(record.action, task: record.number)
    case .cancelled:
      let record = unsafeDowncast(item.record!, to: ActionRecord<I>.self)
      return .actionCancelled(record.action, task: record.number, reason: item.reason)
    case .finished:
      let record = unsafeDowncast(item.record!, to: ActionRecord<I>.self)
      return .actionFinished(record.action, task: record.number, outcome: item.outcome, duration: item.duration)
    case .changed:
      let change = unsafeDowncast(item.payload!, to: PublishedState<I.State>.self)
      return .stateChanged(
        old: StoreActor<I>.old(of: change.batch), new: change.new, cause: StoreCause(of: change.batch, owner: owner))
    case .other:
      return unsafeDowncast(item.payload!, to: EventBox<I>.self).event
    }
  }

  private func writeTraces(atLeast size: Int) {
    for index in traces.indices where traces[index].count >= size {
      debug.sinks[index].deliver(traces[index].text, warn: debug.warn)
      traces[index].removeAll()
    }
  }

  private func write(_ event: StoreEvent<I>, at time: WallTime) {
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
