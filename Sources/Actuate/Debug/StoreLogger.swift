/// One store's debug log: its inbox, on the store, and its writing, on the background writer.
///
/// The store does as little as it can: it checks the kind filter, reads the time and puts what happened in
/// the logger's ``EventInbox`` (for an action, its task; for a change, the change the store published),
/// waking the writer only when the inbox was empty. Rebuilding the events, the typed action filter,
/// dumping, diffing, formatting and writing all happen on the writer, which takes the whole inbox at once:
/// a busy store costs the writer one wake-up per batch, not per event, and a trace gets one write per batch.
final class StoreLogger<I: Interactor>: @unchecked Sendable {
  // @unchecked: `traces`, `timestamps`, `lineBuffer` and `lastDescribed` are touched only on the writer's
  // serial queue; everything else is immutable.

  private let debug: DebugLog
  private let actions: (@Sendable (I.Action) -> Bool)?
  private let hasTrace: Bool
  private let hasEntries: Bool
  /// The store's name, to head its entries.
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
  private var lineBuffer = TextBuffer()
  /// The last action described, by its task's number (see `description(of:)`).
  private var lastDescribed: (number: UInt64, text: String)?

  init(debug: DebugLog, actions: (@Sendable (I.Action) -> Bool)?, id: StoreID) {
    self.debug = debug
    self.actions = actions
    self.id = id
    self.hasTrace = debug.sinks.contains { $0.trace != nil }
    self.hasEntries = debug.sinks.contains { $0.trace == nil }
    self.traces = Array(repeating: JSONBuffer(capacity: 0), count: debug.sinks.count)
    self.timestamps = TimestampFormatter(utc: debug.clock.utc)
  }

  /// The inbox the store puts what happens in. It holds this logger, and the store holds it: the logger
  /// lives as long as the store, and holds nothing back.
  func makeInbox(capacity: Int) -> EventInbox {
    // The typed filter is asked on the store, once per action as it is taken: an action it leaves out costs
    // the log nothing more.
    let admits = actions.map { actions in { @Sendable (task: WatchedTask) in actions(task.action(of: I.self)) } }
    LogExit.register()
    if debug.writesSynchronously {
      return EventInbox(
        kinds: DebugEntryKinds(debug.filter.kinds), hasTrace: hasTrace, clock: debug.clock, admits: admits,
        capacity: capacity, synchronous: true
      ) { [self] inbox in
        debug.writer.run { self.writeInbox(inbox) }
      }
    }
    return EventInbox(
      kinds: DebugEntryKinds(debug.filter.kinds), hasTrace: hasTrace, clock: debug.clock, admits: admits,
      capacity: capacity
    ) { [self] inbox in
      debug.writer.enqueue { self.writeInbox(inbox) }
    }
  }

  /// Says, in the log, that from `time` on the store outran the writer and `count` events were left out.
  private func writeLeftOut(_ count: Int, at time: WallTime) {
    let events = GroupedCount.phrase(count, "event", "events")
    let message =
      "\(id) outran its debug log's writer, so from here the log leaves out \(events) until the writer caught up, to keep memory bounded; what it shows of actions taken before this entry still ends. Log fewer kinds of entry with a DebugFilter, or write to a faster sink."
    write(EventInbox.Item(kind: .other, time: time, payload: EventBox<I>(.warning(message))))
  }

  /// Writes everything put in the inbox so far, in order, then the batch's trace output.
  private func writeInbox(_ inbox: EventInbox) {
    var chunks = inbox.takeAll()
    for chunk in chunks {
      for item in chunk { write(item) }
    }
    inbox.recycle(&chunks)
    if hasTrace { writeTraces(atLeast: 1) }
  }

  // The events of an action's life and its changes, the bulk of any log, become entries and trace events
  // straight from the task: the writer's code runs unspecialised too, and an event built and taken apart
  // again costs as much as the rest of the entry. Only the rarer events need the event itself.

  /// What the writer learns of an item before it writes it anywhere. Not generic, like the inbox: a generic
  /// value made per item, or a tuple over one in a `switch`, has its type looked up each time.
  private struct Subject {
    /// The action's task, for an action's life.
    var task: WatchedTask?
    /// For a change: the task of the action whose handler made it, if one did.
    var changer: WatchedTask?
    /// For a change: its diff.
    var diff: StateDiff?
    /// For a rarer event: its box.
    var event: AnyObject?
  }

  private func write(_ item: EventInbox.Item) {
    if item.kind == .leftOut {
      return writeLeftOut(unsafeDowncast(item.payload!, to: LeftOutCount.self).count, at: item.time)
    }
    guard let subject = subject(of: item) else { return }
    if hasTrace { trace(item, subject) }
    if hasEntries, let entry = entry(for: item, subject) { deliver(entry, at: item.time) }
  }

  /// What `item` is about, or `nil` if the typed action filter leaves it out or it changed nothing.
  private func subject(of item: EventInbox.Item) -> Subject? {
    var subject = Subject()
    switch item.kind {
    case .sent, .started, .cancelled, .ended:
      subject.task = item.task
    case .leftOut:
      return nil
    case .changed:
      let change = Self.states(item.payload!)
      subject.changer = change.action
      subject.diff = StateDiff(change.old, change.new)
      guard subject.diff != nil else { return nil }
    case .other:
      let event = unsafeDowncast(item.payload!, to: EventBox<I>.self).event
      if let actions, !event.subjectActions.allSatisfy(actions) { return nil }
      subject.event = item.payload
    }
    return subject
  }

  private func trace(_ item: EventInbox.Item, _ subject: Subject) {
    let lines = min(debug.maxLines, Self.traceLines)
    let input: TraceInput?
    switch (item.kind, subject.task, subject.changer) {
    case (.sent, let task?, _):
      let sender = task.sender(of: I.self)
      input = .taken(
        task: task.number, action: description(of: task), sender: sender?.task,
        sentBy: sender.map(DebugEntry.name(of:)))
    case (.started, let task?, _):
      input = .handlerStarted(task: task.number)
    case (.cancelled, let task?, _):
      input = .cancelled(task: task.number, reason: "\(item.reason)")
    case (.ended, let task?, _):
      input = .ended(task: task.number, outcome: "\(item.outcome)")
    case (.changed, _, let changer?):
      input = .changed(task: changer.number, diff: subject.diff!.text(maxLines: lines))
    default:
      input = TraceInput.make(for: event(of: item, subject), diff: subject.diff, maxLines: lines)
    }
    guard let input else { return }
    for (index, sink) in debug.sinks.enumerated() {
      if let trace = sink.trace { trace.record(input, store: id, at: item.time, to: &traces[index]) }
    }
    writeTraces(atLeast: Self.traceChunk)
  }

  /// The entry a text or JSON-lines sink prints for `item`, or `nil` if it prints none.
  private func entry(for item: EventInbox.Item, _ subject: Subject) -> DebugEntry? {
    switch (item.kind, subject.task, subject.changer) {
    case (.sent, let task?, _):
      return .sent(description(of: task), sender: task.sender(of: I.self).map(DebugEntry.name(of:)))
    case (.started, _, _):
      // Only a trace shows a handler's start.
      return nil
    case (.cancelled, let task?, _):
      return .cancelled(description(of: task), reason: item.reason)
    case (.ended, let task?, _):
      // An action that never started has no end to tell: its cancellation was logged.
      guard let duration = item.duration else { return nil }
      return .ended(description(of: task), outcome: item.outcome, duration: duration)
    case (.changed, _, let changer?):
      let described = description(of: changer)
      let cleanups = Self.states(item.payload!).cleanups.compactMap(DebugEntry.changer)
      return .changed(
        subject.diff!.text(maxLines: debug.maxLines), action: described, cause: described, including: cleanups)
    default:
      return DebugEntry.make(for: event(of: item, subject), diff: subject.diff, maxLines: debug.maxLines)
    }
  }

  /// A change this inbox was given: every one is a change of this store's.
  private static func states(_ change: AnyObject) -> WatchedStates<I> {
    unsafeDowncast(change, to: WatchedStates<I>.self)
  }

  /// The event of a rarer item, or of a change that no action's handler made.
  private func event(of item: EventInbox.Item, _ subject: Subject) -> StoreEvent<I> {
    if let box = subject.event { return unsafeDowncast(box, to: EventBox<I>.self).event }
    let change = Self.states(item.payload!)
    return .stateChanged(old: change.old, new: change.new, cause: change.cause)
  }

  /// `task`'s action as the log prints it. An action's entries (taken, changed, ended) follow each other,
  /// so the last description is kept and the action is described once.
  private func description(of task: WatchedTask) -> String {
    if lastDescribed?.number == task.number { return lastDescribed!.text }
    let text = describe(task.action(of: I.self))
    lastDescribed = (task.number, text)
    return text
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
    for sink in debug.sinks {
      switch sink.output {
      case .trace:
        continue
      case .entries:
        var entry = entry
        entry.storeID = id
        entry.time = timestamps.format(time)
        sink.deliver(entry, warn: debug.warn)
      case .lines(.text, _):
        if text == nil { text = textLine(entry, at: time) }
        sink.deliver(text!, warn: debug.warn)
      case .lines(.jsonLines, _):
        if line == nil { line = JSONLinesFormat.line(entry, store: id, time: timestamps.format(time)) }
        sink.deliver(line!, warn: debug.warn)
      }
    }
  }

  /// `[Actuate Store#1 2026-11-23T12:00:01.204113+01:00] ` and the entry's text.
  private func textLine(_ entry: DebugEntry, at time: WallTime) -> String {
    lineBuffer.removeAll()
    lineBuffer.append("[Actuate ")
    lineBuffer.append(id.description)
    lineBuffer.append(byte: UInt8(ascii: " "))
    timestamps.write(time, to: &lineBuffer)
    lineBuffer.append("] ")
    lineBuffer.append(entry.message)
    if let detail = entry.detail {
      lineBuffer.append(byte: UInt8(ascii: "\n"))
      lineBuffer.append(detail)
    }
    return lineBuffer.text
  }
}
