/// Whether one store is logged, and how: the `debug:` argument of ``Store/init(initialState:interactor:clock:debug:name:)``.
///
/// ```swift
/// Store(initialState: .init(), interactor: TimerInteractor())                     // as DebugLog.global says
/// Store(initialState: .init(), interactor: TimerInteractor(), debug: .off)        // never, even when global is on
/// Store(initialState: .init(), interactor: TimerInteractor(),
///       debug: .using(DebugLog(.console), actions: { $0 != .tick }))     // always, without the ticks
/// ```
public struct DebugLogging<I: Interactor>: Sendable {
  private enum Choice: Sendable {
    case global
    case off
    case using(DebugLog)
  }

  private let choice: Choice
  private let actions: (@Sendable (I.Action) -> Bool)?

  /// Logs as ``DebugLog/global`` says when the store is created. Not named `global`, because it is the
  /// store's choice to follow that value, not the value itself.
  public static var `default`: Self { Self(choice: .global, actions: nil) }

  /// Logs as ``DebugLog/global`` says, leaving out the entries about actions for which `actions` is false.
  public static func `default`(actions: @escaping @Sendable (I.Action) -> Bool) -> Self {
    Self(choice: .global, actions: actions)
  }

  /// Never logs this store, even when ``DebugLog/global`` is on.
  public static var off: Self { Self(choice: .off, actions: nil) }

  /// Logs this store with `debug`, whatever ``DebugLog/global`` says.
  ///
  /// - Parameters:
  ///   - debug: The sinks and filter to use.
  ///   - actions: Leaves out the entries about actions for which it is false: the action, the state change
  ///     its handler made, its cancellation and its end. It is asked once per action, on the store, as the
  ///     action is taken, and on the log's writer for the rarer entries about it, such as a dropped write.
  public static func using(_ debug: DebugLog, actions: (@Sendable (I.Action) -> Bool)? = nil) -> Self {
    Self(choice: .using(debug), actions: actions)
  }

  /// What watches the store named `id` for its debug log (the log's inbox), if it is logged at all.
  func watcher(for id: StoreID) -> (any StoreWatcher)? {
    let debug: DebugLog?
    switch choice {
    case .global: debug = DebugLog.global
    case .off: debug = nil
    case .using(let chosen): debug = chosen
    }
    guard let debug, debug.filter.includes(I.self) else { return nil }
    let logger = StoreLogger<I>(debug: debug, actions: actions, id: id)
    return logger.makeInbox(capacity: debug.inboxCapacity)
  }
}
