/// The commands after an action in a batch, as ``BatchLookahead`` walks it backwards: what each does to the
/// actions before it, by position, so that an action meets the nearest one first.
///
/// Taken one at a time, the first later command that reaches an action decides how it ends, and a later
/// action whose own taking depends on it (a limit that counts the places under an id) needs it taken for
/// real. So an action is dropped ahead only for the nearest command that reaches it, and only if that
/// command cancels it: a cancel of it or of one of its identifiers, or a newer action that supersedes its id.
/// A nearer action that counts places under one of its ids keeps it. A cancel made by the code that sent
/// it is another matter: that code cancelled it before the store took it, whatever came between.
struct LaterCommands {
  /// What the nearest later command under an identifier does to the actions before it.
  enum Effect {
    case cancels(CancellationReason)
    /// An action taken under the id, whose taking depends on what holds a place there.
    case counts
  }

  /// By identifier: the nearest later cancel of it, or action under it that supersedes or counts.
  private var byID: [CancelID: (position: Int, effect: Effect)] = [:]
  /// How many of `byID` are a supersession: a handler that may run turns them into `counts`.
  private var supersessions = 0
  /// Cancels by predicate, the nearest last.
  var matchers: [(position: Int, matches: @Sendable (CancelID) -> Bool)] = []
  /// ``ActionTask/cancel()``s, by record.
  var tasks: [ObjectIdentifier: Int] = [:]
  /// Cancels made by code on the store, each reaching what that code sent before it.
  var senders: [(sender: UInt64, target: CancelTarget)] = []

  /// A cancel of `id` at `position`.
  mutating func cancel(_ id: CancelID, at position: Int) {
    set(id, (position, .cancels(.explicit)))
  }

  /// An action under `policy`, at `position`, taken: it supersedes its id, or counts the places there
  /// unless `isDropped` (a later command cancels it, and it ends so whatever it found there).
  mutating func take(_ policy: ActionPolicy, at position: Int, isDropped: Bool) {
    guard let id = policy.id else { return }
    if let superseding = policy.supersedes {
      set(id, (position, .cancels(superseding)))
    } else if policy.dependsOnPlaces, !isDropped {
      set(id, (position, .counts))
    }
  }

  /// An action whose handler may run before the commands after it: it could cancel the actions before it
  /// explicitly, so the supersessions after it no longer tell how those end.
  mutating func handlerMayRun() {
    guard supersessions > 0 else { return }
    for (id, entry) in byID {
      if case .cancels(let reason) = entry.effect, reason != .explicit { byID[id] = (entry.position, .counts) }
    }
    supersessions = 0
  }

  /// How the nearest later command that reaches `record` cancels it, if it does; `nil` when none reaches
  /// it, when the nearest counts it, or when its own policy may refuse it as it is taken. A cancel its own
  /// sender made after sending it comes first: that cancel was made before the store took it.
  func fate(of record: TaskRecord, under policy: ActionPolicy?) -> BatchLookahead.Fate? {
    var nearest: (position: Int, effect: Effect)?
    if !tasks.isEmpty, let position = tasks[ObjectIdentifier(record)] { nearest = (position, .cancels(.explicit)) }
    if let policy, let id = policy.id {
      // Most actions name one id: the extras are walked only when there are some, with no array made.
      let extras = policy.extraIDs
      func reaches(_ matches: (CancelID) -> Bool) -> Bool {
        matches(id) || (!extras.isEmpty && extras.contains(where: matches))
      }
      if !senders.isEmpty,
        senders.contains(where: { cancel in
          cancel.sender == record.senderNumber && reaches { cancel.target.reaches($0) }
        })
      {
        return .cancelledBeforeTaken
      }
      guard policy.keepsWhenTaken else { return nil }
      if let entry = byID[id], entry.position < nearest?.position ?? .max { nearest = entry }
      for extra in extras {
        if let entry = byID[extra], entry.position < nearest?.position ?? .max { nearest = entry }
      }
      if !matchers.isEmpty, let matcher = matchers.last(where: { reaches($0.matches) }),
        matcher.position < nearest?.position ?? .max
      {
        nearest = (matcher.position, .cancels(.explicit))
      }
    }
    guard case .cancels(let reason) = nearest?.effect else { return nil }
    return .cancelledOnceTaken(reason)
  }

  private mutating func set(_ id: CancelID, _ entry: (position: Int, effect: Effect)) {
    if case .cancels(let reason) = entry.effect, reason != .explicit { supersessions += 1 }
    if case .cancels(let reason) = byID.updateValue(entry, forKey: id)?.effect, reason != .explicit {
      supersessions -= 1
    }
  }
}

extension CancelTarget {
  /// Whether a cancel of this target reaches an action under `id`.
  func reaches(_ id: CancelID) -> Bool {
    switch self {
    case .id(let cancelled): cancelled == id
    case .matching(let matches): matches(id)
    }
  }
}
