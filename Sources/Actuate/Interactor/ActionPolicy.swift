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
/// | ``limit(id:max:whenFull:)`` | runs at once while fewer than `max` run or wait; when full, cancels the oldest, is dropped, or waits |
/// | ``cancelPrevious(id:)`` | cancels it, then runs at once (the newest wins): a limit of 1 that cancels the oldest |
/// | ``dropNew(id:)`` | is dropped (the oldest wins): a limit of 1 that drops the new |
/// | ``serial(id:)`` | waits until the group is done, in the order sent: a limit of 1 that waits |
/// | ``debounce(id:for:)`` | cancels it, then runs after a quiet period |
/// | ``throttle(id:for:latest:)`` | runs at most once per window |
///
/// For one task at a time, write the shorthands (`cancelPrevious`, `dropNew`, `serial`, and
/// `serial(id:spacedBy:)` for a gap between them): they are the primary forms, and read better than
/// `limit(id:max: 1, whenFull:)`, which is for more than one. ``also(id:)`` puts the action under more
/// identifiers, so that cancelling any one of them cancels it.
public struct ActionPolicy: Sendable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    case concurrent
    /// At most `max` tasks run or wait under the id; `whenFull` says what a new one does beyond that.
    /// `cancelPrevious`, `dropNew` and `serial` are its cases with `max` 1.
    case limit(Int, WhenFull)
    case debounce(Duration)
    case throttle(Duration, latest: Bool)
  }

  let kind: Kind
  /// The identifiers, in one reference: every action is asked for its policy, and most have none, so a
  /// policy without them copies as plain bits.
  private let ids: PolicyIDs?

  /// The identifier the policy acts under.
  var id: CancelID? { ids?.own }
  /// Whether the policy acts under an identifier: asked of every action, without copying the identifier.
  var hasID: Bool { ids != nil }
  /// The identifiers beside `id` that also name this action; empty for nearly every policy.
  var extraIDs: [CancelID] { ids?.extras ?? [] }

  init(kind: Kind, id: CancelID?, extraIDs: [CancelID] = []) {
    self.kind = kind
    self.ids = id.map { PolicyIDs(own: $0, extras: extraIDs) }
  }

  /// Runs at once, beside everything else. The default.
  public static var concurrent: ActionPolicy { ActionPolicy(kind: .concurrent, id: nil) }

  /// Runs at once, beside everything else, under `id`, so that ``StoreActor/cancel(id:)`` can cancel it.
  public static func concurrent(id: some Hashable & Sendable) -> Self {
    Self(kind: .concurrent, id: CancelID(id))
  }

  /// Runs at once while fewer than `max` actions run or wait under `id`; when that many already do,
  /// `whenFull` decides: ``WhenFull/cancelOldest`` cancels the oldest of them, ``WhenFull/dropNew`` drops
  /// this action, ``WhenFull/wait`` queues it until one of them ends (in the order sent).
  ///
  /// ```swift
  /// .limit(id: DownloadID(), max: 3, whenFull: .wait)
  /// ```
  ///
  /// A started task holds its place until its handler returns, even once cancelled; ``WhenFull/cancelOldest``
  /// does not wait for that, so the newest starts at once beside the cancelled ones winding down. A `max`
  /// below 1 counts as 1, with a warning.
  public static func limit(id: some Hashable & Sendable, max: Int, whenFull: WhenFull) -> Self {
    if max < 1 {
      Diagnostics.warn(
        "ActionPolicy.limit(id: \(CancelID(id)), max: \(max)) lets no action run, so it counts as max: 1. Pass a max of 1 or more."
      )
    }
    return Self(kind: .limit(Swift.max(max, 1), whenFull), id: CancelID(id))
  }

  /// Cancels whatever runs or waits under `id`, then runs at once: the newest wins.
  ///
  /// The same as `.limit(id: id, max: 1, whenFull: .cancelOldest)`.
  public static func cancelPrevious(id: some Hashable & Sendable) -> Self {
    Self(kind: .limit(1, .cancelOldest), id: CancelID(id))
  }

  /// Drops this action while anything runs or waits under `id`: the oldest wins.
  ///
  /// The same as `.limit(id: id, max: 1, whenFull: .dropNew)`.
  public static func dropNew(id: some Hashable & Sendable) -> Self {
    Self(kind: .limit(1, .dropNew), id: CancelID(id))
  }

  /// Runs after everything under `id` is done, one at a time, in the order sent.
  ///
  /// The same as `.limit(id: id, max: 1, whenFull: .wait)`.
  public static func serial(id: some Hashable & Sendable) -> Self {
    Self(kind: .limit(1, .wait), id: CancelID(id))
  }

  /// Runs one at a time under `id`, in the order sent, each one `spacing` after the previous one started
  /// or ended (`since`), on the store's clock.
  ///
  /// ```swift
  /// .serial(id: UploadID(), spacedBy: .seconds(1))
  /// ```
  ///
  /// The same as `.limit(id: id, max: 1, whenFull: .wait(spacedBy: spacing, since: since))`.
  public static func serial(
    id: some Hashable & Sendable, spacedBy spacing: Duration, since: WhenFull.Since = .end
  ) -> Self {
    Self(kind: .limit(1, .wait(spacedBy: spacing, since: since)), id: CancelID(id))
  }

  /// Cancels whatever runs or waits under `id`, then runs once `duration` has passed on the store's clock
  /// without another action under `id`.
  public static func debounce(id: some Hashable & Sendable, for duration: Duration) -> Self {
    Self(kind: .debounce(Swift.max(duration, .zero)), id: CancelID(id))
  }

  /// Runs at most once per window of `duration` on the store's clock.
  ///
  /// The first action runs at once and opens a window. Actions sent while the window is open are dropped
  /// when `latest` is `false`; when `latest` is `true` the newest of them runs as the window closes, opening
  /// the next one.
  public static func throttle(id: some Hashable & Sendable, for duration: Duration, latest: Bool = true) -> Self {
    Self(kind: .throttle(Swift.max(duration, .zero), latest: latest), id: CancelID(id))
  }

  /// The same policy, with the action also under `id`: ``StoreActor/cancel(id:)`` with that identifier
  /// cancels this one action (before it starts if it waits, so it never runs), without touching the rest
  /// of the policy's own group.
  ///
  /// ```swift
  /// .serial(id: DownloadsID()).also(id: url)
  /// ```
  ///
  /// The policy itself acts under its first identifier only. Under the others the action counts as work
  /// that runs or waits: a later action's policy under one of them sees it (a `.cancelPrevious` cancels
  /// it, a `.dropNew` is dropped, a `.serial` waits for it). On a policy with no identifier, the identifier
  /// becomes the policy's own.
  public func also(id: some Hashable & Sendable) -> Self {
    let extra = CancelID(id)
    guard let own = self.id else { return Self(kind: kind, id: extra) }
    if own == extra || extraIDs.contains(extra) { return self }
    return Self(kind: kind, id: own, extraIDs: extraIDs + [extra])
  }

  public var description: String {
    var id = self.id.map { "id: \($0)" } ?? ""
    let extras = extraIDs.map { ".also(id: \($0))" }.joined()
    switch kind {
    case .concurrent: return (id.isEmpty ? "concurrent" : "concurrent(\(id))") + extras
    case .limit(1, .cancelOldest): return "cancelPrevious(\(id))" + extras
    case .limit(1, .dropNew): return "dropNew(\(id))" + extras
    case .limit(1, .wait): return "serial(\(id))" + extras
    case .limit(let max, let whenFull):
      id += id.isEmpty ? "" : ", "
      return "limit(\(id)max: \(max), whenFull: \(whenFull))" + extras
    case .debounce(let duration): return "debounce(\(id), for: \(duration))" + extras
    case .throttle(let duration, let latest): return "throttle(\(id), for: \(duration), latest: \(latest))" + extras
    }
  }
}

extension ActionPolicy {
  /// What an action under ``ActionPolicy/limit(id:max:whenFull:)`` does when its identifier already has
  /// as many actions running or waiting as the limit allows.
  public struct WhenFull: Sendable, Hashable, CustomStringConvertible {
    enum Rule: Sendable, Hashable {
      case cancelOldest, dropNew, wait
    }

    /// Where a spacing is measured from: the previous action's start, or its end.
    public enum Since: Sendable, Hashable {
      /// The previous action under the identifier started.
      case start
      /// The previous action under the identifier ended.
      case end
    }

    struct Spacing: Sendable, Hashable {
      let duration: Duration
      let since: Since
    }

    let rule: Rule
    /// For ``wait``: how long to leave between the actions that waited their turn.
    let spacing: Spacing?

    /// Cancels the oldest actions that run or wait under the identifier, so that this one runs at once:
    /// the newest win. Each ends `.cancelled(.superseded)`; one that had started gets its
    /// ``Interactor/onCancel(_:reason:store:)``.
    public static let cancelOldest = Self(rule: .cancelOldest, spacing: nil)
    /// Drops this action, which ends `.cancelled(.alreadyRunning)`: the oldest win.
    public static let dropNew = Self(rule: .dropNew, spacing: nil)
    /// Queues this action until one under the identifier ends; waiting actions start in the order sent.
    public static let wait = Self(rule: .wait, spacing: nil)

    /// Queues like ``wait``, and starts each waiting action only once `spacing` has passed on the store's
    /// clock since the previous action under the identifier started, or ended (`since`).
    ///
    /// While the spacing runs, a new action waits even if a place is free. A spacing of zero is ``wait``.
    public static func wait(spacedBy spacing: Duration, since: Since = .end) -> Self {
      guard spacing > .zero else { return .wait }
      return Self(rule: .wait, spacing: Spacing(duration: spacing, since: since))
    }

    public var description: String {
      switch rule {
      case .cancelOldest: return ".cancelOldest"
      case .dropNew: return ".dropNew"
      case .wait:
        guard let spacing else { return ".wait" }
        return ".wait(spacedBy: \(spacing.duration), since: .\(spacing.since))"
      }
    }
  }
}

/// A policy's identifiers: the one it acts under, and those that also name its action.
private final class PolicyIDs: Sendable {
  let own: CancelID
  let extras: [CancelID]

  init(own: CancelID, extras: [CancelID]) {
    self.own = own
    self.extras = extras
  }
}
