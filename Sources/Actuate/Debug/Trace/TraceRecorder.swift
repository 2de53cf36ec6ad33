/// Turns the events of every store a trace sink sees into Trace Event Format events: a span per action from
/// the moment it is taken to its end, with its handler's run nested inside, a flow arrow from the span of
/// the handler that sent it, and instants for everything else.
///
/// It keeps one ``StoreTrack`` per running store, and forgets a store when it stops.
final class TraceRecorder: @unchecked Sendable {
  // @unchecked: touched only on the debug log's serial writer.
  private let start: WallTime
  /// By store number: unique in the process, and cheaper to hash than the id's name.
  private var tracks: [Int: StoreTrack] = [:]

  init(start: WallTime) {
    self.start = start
  }

  /// The first entry of the file, which opens the array: a global instant at time zero that gives the wall
  /// time the trace started.
  func header(utc: Bool) -> String {
    var event = TraceEvent(phase: .instant, name: "trace started", time: 0, process: 0, thread: 0)
    event.isGlobal = true
    event.args = [("time", start.iso8601(utc: utc))]
    var json = JSONBuffer()
    json.raw("[")
    event.write(to: &json)
    return json.text
  }

  /// What closes the array once nothing more will be written: at a normal exit, or when the sink is gone.
  static let trailer = "\n]\n"

  /// Appends the events `input` makes to `json`, each on a line of its own that starts with the comma
  /// separating it from the one before: the file always ends with a whole event, one `]` away from strict JSON.
  func record(_ input: TraceInput, store: StoreID, at time: WallTime, to json: inout JSONBuffer) {
    var events: [TraceEvent] = []
    let track = tracks[store.number] ?? named(store, into: &events)
    let now = max(track.latest, Self.nanoseconds(from: start, to: time))
    track.latest = now
    let process = store.number
    func event(_ phase: TraceEvent.Phase, _ name: String, lane: Int, args: [(String, String)] = []) -> TraceEvent {
      TraceEvent(phase: phase, name: name, time: now, process: process, thread: lane, category: "actuate", args: args)
    }
    switch input {
    case .taken(let task, let action, let sender, let sentBy):
      let (lane, isNew) = track.takeLane()
      if isNew { events.append(Self.laneName(lane, process: process)) }
      track.open[task] = StoreTrack.Span(name: action, lane: lane, start: now)
      events.append(
        event(.begin, action, lane: lane, args: [("task", "\(task)")] + (sentBy.map { [("sent by", $0)] } ?? [])))
      if let sender, let from = track.span(of: sender) {
        events.append(
          TraceEvent(
            phase: .flowStart, name: "send", time: from.start, process: process, thread: from.lane, category: "send",
            id: task))
        events.append(
          TraceEvent(
            phase: .flowEnd, name: "send", time: now, process: process, thread: lane, category: "send", id: task))
      }
    case .handlerStarted(let task):
      guard let span = track.open[task] else { break }
      track.open[task]?.handlerStarted = true
      events.append(event(.begin, "handler", lane: span.lane))
    case .cancelled(let task, let reason):
      events.append(
        event(.instant, "cancelled (\(reason))", lane: track.open[task]?.lane ?? 0, args: [("reason", reason)]))
    case .ended(let task, let outcome):
      guard let span = track.end(task) else { break }
      if span.handlerStarted { events.append(event(.end, "handler", lane: span.lane)) }
      events.append(event(.end, "", lane: span.lane, args: [("outcome", outcome)]))
    case .instant(let name, let task, var args):
      let span = task.flatMap { track.open[$0] }
      if let span, !args.contains(where: { $0.0 == "by" }) { args.insert(("by", span.name), at: 0) }
      events.append(event(.instant, name, lane: span?.lane ?? 0, args: args))
    case .stopped:
      // The observers go with the stop: spans still open end here, with the reason they were cancelled.
      for (task, span) in track.open.sorted(by: { $0.key < $1.key }) {
        _ = track.end(task)
        if span.handlerStarted { events.append(event(.end, "handler", lane: span.lane)) }
        events.append(event(.end, "", lane: span.lane, args: [("outcome", "cancelled (store stopped)")]))
      }
      events.append(event(.instant, "stopped", lane: 0))
      tracks[store.number] = nil
      return Self.write(events, to: &json)
    }
    Self.write(events, to: &json)
  }

  /// A new store's track, with the metadata that names it and its lane 0.
  private func named(_ store: StoreID, into events: inout [TraceEvent]) -> StoreTrack {
    let process = store.number
    events.append(
      TraceEvent(
        phase: .metadata, name: "process_name", time: 0, process: process, thread: 0, args: [("name", "\(store)")]))
    events.append(
      TraceEvent(phase: .metadata, name: "thread_name", time: 0, process: process, thread: 0, args: [("name", "store")])
    )
    let track = StoreTrack()
    tracks[process] = track
    return track
  }

  private static func laneName(_ lane: Int, process: Int) -> TraceEvent {
    TraceEvent(
      phase: .metadata, name: "thread_name", time: 0, process: process, thread: lane,
      args: [("name", lane == 1 ? "actions" : "actions \(lane)")])
  }

  private static func write(_ events: [TraceEvent], to json: inout JSONBuffer) {
    for event in events {
      json.raw(",\n")
      event.write(to: &json)
    }
  }

  private static func nanoseconds(from start: WallTime, to time: WallTime) -> Int {
    max(0, (time.seconds - start.seconds) * 1_000_000_000 + time.nanoseconds - start.nanoseconds)
  }
}
