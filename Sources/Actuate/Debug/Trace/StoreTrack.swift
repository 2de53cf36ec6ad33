/// One store's part of a trace: its actions' spans and the lanes they run in.
///
/// A store is a process of the trace, named by its id. Lane 0 holds what belongs to the store as a whole
/// (its start, hooks, warnings); each action's span takes the lowest free lane from 1 up, so that spans in
/// one lane never overlap and the viewer's begin/end pairs always nest, however many actions run at once.
///
/// A class, touched only on the writer: the recorder changes it in place for every event, where a struct
/// held in a dictionary would copy its tables on each change.
final class StoreTrack {
  struct Span {
    var name: String
    var lane: Int
    var start: Int
    var handlerStarted = false
  }

  /// How many ended spans are remembered for the actions they sent, taken after their sender ended.
  static let remembered = 64

  var open: [UInt64: Span] = [:]
  /// Lanes that hold an open span.
  var busy: Set<Int> = []
  /// The highest lane named so far.
  var lanes = 0
  /// Spans that ended lately, oldest first: a sender often ends before the store takes what it sent.
  var ended: [(task: UInt64, span: Span)] = []
  /// The trace's clock for this store never runs backward, though the wall clock may.
  var latest = 0

  /// The lowest free lane, and whether it is new (and needs a name).
  func takeLane() -> (lane: Int, isNew: Bool) {
    var lane = 1
    while busy.contains(lane) { lane += 1 }
    busy.insert(lane)
    defer { lanes = max(lanes, lane) }
    return (lane, lane > lanes)
  }

  func end(_ task: UInt64) -> Span? {
    guard let span = open.removeValue(forKey: task) else { return nil }
    busy.remove(span.lane)
    ended.append((task, span))
    if ended.count > Self.remembered { ended.removeFirst(ended.count - Self.remembered) }
    return span
  }

  /// The span of `task`, open or lately ended.
  func span(of task: UInt64) -> Span? {
    open[task] ?? ended.last(where: { $0.task == task })?.span
  }
}
