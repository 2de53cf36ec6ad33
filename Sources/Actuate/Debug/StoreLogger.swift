/// One store's debug log: its inbox, on the store, and its writing, on the background writer.
///
/// The store does as little as it can: it checks the kind filter, reads the time and puts what happened in
/// the logger's ``EventInbox`` (for an action, its record; for a change, the batch and the new state),
/// waking the writer only when the inbox was empty. Rebuilding the events, the typed action filter,
/// dumping, diffing, formatting and writing all happen on the writer, which takes the whole inbox at once:
/// a busy store costs the writer one wake-up per batch, not per event, and a trace gets one write per batch.
final class StoreLogger<I: Interactor>: @unchecked Sendable {
  // @unchecked: `traces`, `timestamps`, `line` and `lastDescribed` are touched only on the writer's serial queue;
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
  /// The trace text of the batch being written, per sink (empty for sinks that are not traces).
  private var traces: [JSONBuffer]
  private var timestamps: TimestampFormatter
  /// The text line being built, kept so its storage is reused.
  private var line = TextBuffer()
  /// The last action described, by its task's number (see `description(of:)`).
  private var lastDescribed: (number: UInt64, text: String)?

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
  func makeInbox(capacity: Int = EventInbox.defaultCapacity) -> EventInbox {
    EventInbox(kinds: DebugEntryKinds(debug.filter.kinds), hasTrace: hasTrace, clock: debug.clock, capacity: capacity) {
      [self] inbox in
      DebugWriter.shared.enqueue { self.writeInbox(inbox) }
    }
  }

  /// Says, in the log, that the store outran the writer and `count` entries were left out just before now.
  private func writeLeftOut(_ count: Int) {
    let message =
      "\(id) outran its debug log's writer, so the \(GroupedCount.phrase(count, "event", "events")) after the previous entry \(count == 1 ? "was" : "were") left out to keep memory bounded. Log fewer kinds or actions with a DebugFilter, or write to a faster sink."
    write(EventInbox.Item(kind: .other, time: debug.clock.now(), payload: EventBox<I>(.warning(message))))
  }

  /// Writes everything put in the inbox so far, in order, then the batch's trace output.
  private func writeInbox(_ inbox: EventInbox) {
    var (chunks, leftOut) = inbox.takeAll()
    for chunk in chunks {
      for item in chunk { write(item) }
    }
    inbox.recycle(&chunks)
    if leftOut > 0 { writeLeftOut(leftOut) }
    if hasTrace { writeTraces(atLeast: 1) }
  }

  private func write(_ item: EventInbox.Item) {
    // The events of an action's life and its changes, the bulk of any log, become entries straight from
    // the record: the writer's code runs unspecialised too, and an event built and taken apart again costs
    // as much as the rest of the entry. Only a trace, and the rarer events, need the event itself.
    let record = item.kind == .other ? nil : item.record.map { unsafeDowncast($0, to: ActionRecord<I>.self) }
    var diff: StateDiff?
    var changer: ActionRecord<I>?
    var boxed: StoreEvent<I>?
    switch item.kind {
    case .sent, .started, .cancelled, .finished:
      guard keeps(record!) else { return }
    case .changed:
      let change = unsafeDowncast(item.payload!, to: PublishedState<I.State>.self)
      changer = actionRecord(causing: change.batch)
      if let changer { guard keeps(changer) else { return } }
      diff = StateDiff(StoreActor<I>.old(of: change.batch), change.new)
      guard diff != nil else { return }
    case .other:
      let event = unsafeDowncast(item.payload!, to: EventBox<I>.self).event
      if let actions, !event.subjectActions.allSatisfy(actions) { return }
      if !debug.filter.keepsEveryAction {
        guard event.subjectActions.allSatisfy({ debug.filter.actions(describe($0)) }) else { return }
      }
      boxed = event
    }
    if hasTrace {
      let input: TraceInput?
      let lines = min(debug.maxLines, Self.traceLines)
      switch item.kind {
      case .sent:
        let sender = record!.sender
        input = .taken(
          task: record!.number, action: description(of: record!), sender: sender?.task,
          sentBy: sender.map(DebugEntry.name(of:)))
      case .started:
        input = .handlerStarted(task: record!.number)
      case .cancelled:
        input = .cancelled(task: record!.number, reason: "\(item.reason)")
      case .finished:
        input = .ended(task: record!.number, outcome: "\(item.outcome)")
      case .changed where changer != nil:
        input = .changed(task: changer!.number, diff: diff!.text(maxLines: lines))
      case .changed, .other:
        input = TraceInput.make(for: boxed ?? event(of: item), diff: diff, maxLines: lines)
      }
      if let input {
        for (index, sink) in debug.sinks.enumerated() {
          if let trace = sink.trace { trace.record(input, store: id, at: item.time, to: &traces[index]) }
        }
        writeTraces(atLeast: Self.traceChunk)
      }
    }
    guard hasEntries else { return }
    let entry: DebugEntry?
    switch item.kind {
    case .sent:
      let sender = record!.sender.map(DebugEntry.name(of:))
      entry = .sent(description(of: record!), sender: sender)
    case .started:
      // Only a trace shows a handler's start.
      entry = nil
    case .cancelled:
      entry = .cancelled(description(of: record!), reason: item.reason)
    case .finished:
      // An action that never started has no end to tell: its cancellation was logged.
      entry = item.duration.map { .finished(description(of: record!), outcome: item.outcome, duration: $0) }
    case .changed:
      let text = diff!.text(maxLines: debug.maxLines)
      if let changer {
        let action = description(of: changer)
        entry = .changed(text, action: action, cause: action)
      } else {
        entry = DebugEntry.make(for: event(of: item), diff: diff, maxLines: debug.maxLines)
      }
    case .other:
      entry = DebugEntry.make(for: boxed!, diff: nil, maxLines: debug.maxLines)
    }
    if let entry { deliver(entry, at: item.time) }
  }

  /// Whether the action filters keep the entries about `record`'s action.
  private func keeps(_ record: ActionRecord<I>) -> Bool {
    if let actions, !actions(record.action) { return false }
    return debug.filter.keepsEveryAction || debug.filter.actions(description(of: record))
  }

  /// The record of the action whose handler made a change, if one did (not its cleanup, not a hook).
  private func actionRecord(causing batch: Batch) -> ActionRecord<I>? {
    guard batch.cleanup == nil, let cause = batch.cause, cause.owner == owner else { return nil }
    return cause as? ActionRecord<I>
  }

  /// `record`'s action as the log prints it. An action's entries (taken, changed, ended) follow each other,
  /// so the last description is kept and the action is described once.
  private func description(of record: ActionRecord<I>) -> String {
    if lastDescribed?.number == record.number { return lastDescribed!.text }
    let text = describe(record.action)
    lastDescribed = (record.number, text)
    return text
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

  /// Prints `entry` to every sink that is not a trace, each in its format.
  private func deliver(_ entry: DebugEntry, at time: WallTime) {
    var text: String?
    var line: String?
    for sink in debug.sinks where sink.trace == nil {
      switch sink.format {
      case .text:
        if text == nil { text = textLine(entry, at: time) }
        sink.deliver(text!, warn: debug.warn)
      case .jsonLines:
        if line == nil { line = JSONLinesFormat.line(entry, store: id, time: timestamps.format(time)) }
        sink.deliver(line!, warn: debug.warn)
      }
    }
  }

  /// `[Actuate Store#1 2026-11-23T12:00:01.204113+01:00] ` and the entry's text.
  private func textLine(_ entry: DebugEntry, at time: WallTime) -> String {
    line.removeAll()
    line.append("[Actuate ")
    line.append(id.description)
    line.append(byte: UInt8(ascii: " "))
    timestamps.write(time, to: &line)
    line.append("] ")
    line.append(entry.message)
    if let detail = entry.detail {
      line.append(byte: UInt8(ascii: "\n"))
      line.append(detail)
    }
    return line.text
  }
}
