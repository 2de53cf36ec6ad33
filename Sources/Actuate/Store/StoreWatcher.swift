/// Watches what a store's engine does, from outside it: the debug log's inbox is one.
///
/// The engine calls it on the store's executor, in the order things happened, and only while it is
/// attached; it must return quickly. It is not generic, and what it is told is what the engine already
/// holds (a task's record behind a ``WatchedTask``, a closed change behind a ``WatchedChange``) or plain
/// values: a store's code runs unspecialised for an interactor of another module, and building a generic
/// event there looks its types up at run time (see `Observers`). A watcher that knows the store's
/// interactor reads the typed parts later, on its own thread.
protocol StoreWatcher: AnyObject, Sendable {
  /// An action was taken from the intake.
  func actionTaken(_ task: WatchedTask)
  /// An action's handler started.
  func handlerStarted(_ task: WatchedTask)
  /// An action's task was cancelled, or dropped by its policy before it started.
  func actionCancelled(_ task: WatchedTask, reason: CancellationReason)
  /// An action's task ended; `duration` is how long its handler ran, `nil` if it never started.
  func actionEnded(_ task: WatchedTask, outcome: ActionOutcome, duration: Duration?)
  /// Whether the watcher wants the change whose stretch `task` ran (`nil`: no task of this store's, or a
  /// cleanup's change of its own), so that the engine builds nothing the watcher would drop.
  func wantsChange(madeBy task: WatchedTask?) -> Bool
  /// A change was published; asked `wantsChange(madeBy:)` first.
  func changed(_ change: WatchedChange)
  /// Anything rarer: the start, a hook's element or end, a dropped write or send, a missing transition, a
  /// warning, the stop.
  func event<I: Interactor>(_ event: StoreEvent<I>)
  /// Whether the store's warnings go to the watcher, as `.warning` events, rather than to standard error.
  var takesWarnings: Bool { get }
  /// The store was asked to stop from outside (its `Store` stopped or released); from any thread.
  func stopRequested()
}
