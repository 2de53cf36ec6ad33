/// Logs what stores do while they run: every action, a readable diff of every state change, cancellations,
/// dropped writes and sends, hooks and warnings.
///
/// Turn it on for every store, for one store, or from the environment without a code change:
///
/// ```swift
/// DebugLog.global = DebugLog(.console)                              // every store from now on
/// let store = Store(initialState: .init(), interactor: SearchInteractor(),
///                   debug: .using(DebugLog(try .file("/tmp/search.log"))))  // one store
/// // ACTUATE_DEBUG=1 ./app    or    ACTUATE_DEBUG=/tmp/app.log ./app    or    ACTUATE_TRACE=/tmp/trace.json ./app
/// ```
///
/// Each entry names its store and the local wall-clock time, in ISO 8601:
///
/// ```
/// [Actuate SearchInteractor#3 2026-11-23T12:00:01.204113+01:00] action .queryChanged("tabby")
/// ```
///
/// Besides this text, a sink can write JSON lines (``DebugFormat/jsonLines``), rotate its file
/// (``LogRotation``), or draw a timeline of every action for Perfetto (``DebugSink/trace(_:permissions:)``).
///
/// When logging is off, a store has no observer at all and pays nothing. When it is on, the store only hands
/// what happened (an action's record; for a state change, the old and new state) to one background writer,
/// which formats and writes each store's entries in the order they happened. Call ``flush()`` to wait for the
/// writer.
public struct DebugLog: Sendable {
  /// Where entries go. Every entry goes to every sink.
  public var sinks: [DebugSink]
  /// Which stores, kinds of entry and actions are logged.
  public var filter: DebugFilter
  /// How many lines one dump or diff may take before the rest is summarised, so a huge state cannot flood the log.
  public var maxLines: Int
  /// Whether each entry is written before the store goes on, rather than by the background writer later.
  ///
  /// Off by default. Turn it on (or set `ACTUATE_DEBUG_SYNC=1`) to chase a crash: when a handler traps, the
  /// log then holds every entry up to the crashing action's, which the background writer may not have
  /// had time to write. Each entry then costs the store its formatting and its `write(2)`; the
  /// `debugstore-sync-logging` benchmark measures how much.
  public var writesSynchronously = false
  /// Where the timestamps come from; tests pin it.
  var clock = DebugClock.system
  /// The most events of one store that wait for the writer (see ``EventInbox``); tests make it small.
  var inboxCapacity = EventInbox.defaultCapacity
  /// Where entries are formatted and written: the one shared writer. A test gives its log a writer of its
  /// own, so it can hold that writer without holding every other test's log.
  var writer = DebugWriter.shared
  /// Reports a sink's failure; bound to the warning handler in force when this value was made, because the
  /// writer runs where no task-local handler reaches.
  let warn: @Sendable (String) -> Void

  /// A debug log writing to `sinks` (the console when there are none).
  ///
  /// - Parameters:
  ///   - sinks: Where entries go: ``DebugSink/console``, ``DebugSink/file(_:format:rotation:permissions:)``,
  ///     ``DebugSink/custom(name:format:_:)``.
  ///   - filter: Which stores, kinds of entry and actions to log; everything by default.
  ///   - maxLines: The most lines one state dump or diff may take.
  public init(_ sinks: DebugSink..., filter: DebugFilter = DebugFilter(), maxLines: Int = 1_000) {
    self.init(sinks: sinks, filter: filter, maxLines: maxLines)
  }

  /// A debug log writing to `sinks` (the console when the array is empty).
  public init(sinks: [DebugSink], filter: DebugFilter = DebugFilter(), maxLines: Int = 1_000) {
    self.sinks = sinks.isEmpty ? [.console] : sinks
    self.filter = filter
    self.maxLines = max(1, maxLines)
    let handler = Diagnostics.handler
    self.warn = { message in Diagnostics.$handler.withValue(handler) { Diagnostics.warn(message) } }
  }
}
