/// How an action's task runs beside other tasks under the same cancel identifier.
///
/// An identifier names a group of work. The policy of the action being sent decides what happens to the
/// group, whatever policies the group's earlier actions ran under: a `.cancelPrevious(id: "x")` cancels an
/// earlier `.serial(id: "x")` task, and a `.dropNew(id: "x")` is dropped while any task under `"x"` runs or
/// waits. ``StoreActor/cancel(id:)`` cancels the whole group, running or waiting.
///
/// | policy | while a task under the same id runs or waits |
/// | --- | --- |
/// | ``concurrent`` | runs at once beside it |
/// | ``cancelPrevious(id:)`` | cancels it, then runs at once (the newest wins) |
/// | ``dropNew(id:)`` | is dropped (the oldest wins) |
/// | ``serial(id:)`` | waits until the group is done, in the order sent |
/// | ``debounce(id:for:)`` | cancels it, then runs after a quiet period |
/// | ``throttle(id:for:latest:)`` | runs at most once per window |
public struct ActionPolicy: Sendable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    case concurrent
    case cancelPrevious
    case dropNew
    case serial
    case debounce(Duration)
    case throttle(Duration, latest: Bool)
  }

  let kind: Kind
  let id: CancelID?

  /// Runs at once, beside everything else. The default.
  public static let concurrent = ActionPolicy(kind: .concurrent, id: nil)

  /// Runs at once, beside everything else, under `id`, so that ``StoreActor/cancel(id:)`` can cancel it.
  public static func concurrent(id: some Hashable & Sendable) -> Self {
    Self(kind: .concurrent, id: CancelID(id))
  }

  /// Cancels whatever runs or waits under `id`, then runs at once: the newest wins.
  public static func cancelPrevious(id: some Hashable & Sendable) -> Self {
    Self(kind: .cancelPrevious, id: CancelID(id))
  }

  /// Drops this action while anything runs or waits under `id`: the oldest wins.
  public static func dropNew(id: some Hashable & Sendable) -> Self {
    Self(kind: .dropNew, id: CancelID(id))
  }

  /// Runs after everything under `id` is done, one at a time, in the order sent.
  public static func serial(id: some Hashable & Sendable) -> Self {
    Self(kind: .serial, id: CancelID(id))
  }

  /// Cancels whatever runs or waits under `id`, then runs once `duration` has passed on the store's clock
  /// without another action under `id`.
  public static func debounce(id: some Hashable & Sendable, for duration: Duration) -> Self {
    Self(kind: .debounce(max(duration, .zero)), id: CancelID(id))
  }

  /// Runs at most once per window of `duration` on the store's clock.
  ///
  /// The first action runs at once and opens a window. Actions sent while the window is open are dropped
  /// when `latest` is `false`; when `latest` is `true` the newest of them runs as the window closes, opening
  /// the next one.
  public static func throttle(id: some Hashable & Sendable, for duration: Duration, latest: Bool = true) -> Self {
    Self(kind: .throttle(max(duration, .zero), latest: latest), id: CancelID(id))
  }

  public var description: String {
    let id = self.id.map { "id: \($0)" } ?? ""
    switch kind {
    case .concurrent: return id.isEmpty ? "concurrent" : "concurrent(\(id))"
    case .cancelPrevious: return "cancelPrevious(\(id))"
    case .dropNew: return "dropNew(\(id))"
    case .serial: return "serial(\(id))"
    case .debounce(let duration): return "debounce(\(id), for: \(duration))"
    case .throttle(let duration, let latest): return "throttle(\(id), for: \(duration), latest: \(latest))"
    }
  }
}
