extension StoreActor {
  /// Cancels everything that runs or waits under `id`: running handlers cooperatively, queued and debounced
  /// actions before they start, and an open throttle window. Cancelling an id with no work does nothing.
  ///
  /// Work already running is cancelled at once, and its ``Interactor/onCancel(_:reason:store:)`` runs right
  /// here, before this returns. The cleanup's writes are part of the current stretch's change: what the
  /// stretch wrote before the cancel, the cleanup's writes and what it writes after are one change, caused
  /// by the code that called this. Actions sent before this call that the store has not taken yet are
  /// cancelled as it takes them, before their handlers start: those handlers never run. Actions sent after
  /// this call are not affected.
  public func cancel(id: some Hashable & Sendable) {
    let id = CancelID(id)
    if let link { return link.cancel(id: id) }
    cancelInStretch { carryOut(scheduler.cancel(id: id, reason: .explicit)) }
    if intake.enqueue(.cancel(id)) { scheduleDrain() }
  }

  /// Cancels everything that runs or waits under any of `ids`, as ``cancel(id:)`` does for one.
  ///
  /// ```swift
  /// store.cancel(ids: [SearchID(), SuggestionsID()])
  /// ```
  public func cancel(ids: [any Hashable & Sendable]) {
    let ids = ids.map { CancelID($0) }
    if let link {
      for id in ids { link.cancel(id: id) }
      return
    }
    cancelInStretch {
      for id in ids { carryOut(scheduler.cancel(id: id, reason: .explicit)) }
    }
    if intake.enqueue(contentsOf: ids.map { .cancel($0) }) { scheduleDrain() }
  }

  /// Cancels everything that runs or waits under every identifier of type `ID` for which `isMatch` is true,
  /// as ``cancel(id:)`` does for one.
  ///
  /// ```swift
  /// store.cancel(ids: DownloadID.self, where: { $0.folder == folder })
  /// ```
  ///
  /// The test is asked about the identifiers the store holds work under when it takes the cancel, and
  /// about those of the actions sent before the cancel that it has not taken yet (those never start).
  /// Identifiers of another type never match, nor do a child's, unless this is the child's store.
  public func cancel<ID: Hashable & Sendable>(ids type: ID.Type, where isMatch: @escaping @Sendable (ID) -> Bool) {
    let matches = CancelID.matching(type, isMatch)
    if let link { return link.cancel(matching: matches) }
    cancel(matching: matches)
  }

  /// Cancels the work under every matching identifier now, and the matching actions not taken yet as the
  /// store takes them: a cancel made by code in its stretch (this store's, or a child's through its link).
  func cancel(matching matches: @escaping @Sendable (CancelID) -> Bool) {
    cancelInStretch { carryOut(scheduler.cancel(matching: matches, reason: .explicit)) }
    if intake.enqueue(.cancelMatching(matches)) { scheduleDrain() }
  }

  /// Cancels everything the children numbered `nodes` run: a cancel made by code in its stretch
  /// (``cancelChild(_:)``, this store's or a child's through its link).
  func cancelChildNodes(_ nodes: Set<UInt64>) {
    cancelInStretch { carryOut(scheduler.cancel(children: nodes, reason: .explicit)) }
  }

  /// Cancels one action's task (``ActionTask/cancel()``), in order with the sends before it.
  package nonisolated func cancel(_ record: TaskRecord) {
    if intake.enqueue(.cancelTask(record)) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(id: CancelID) {
    if intake.enqueue(.cancel(id)) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(ids: [CancelID]) {
    if intake.enqueue(contentsOf: ids.map { .cancel($0) }) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(matching matches: @escaping @Sendable (CancelID) -> Bool) {
    if intake.enqueue(.cancelMatching(matches)) { scheduleDrainFromOutside() }
  }
}
