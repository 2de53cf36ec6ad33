extension StoreActor {
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
    cancelInStretch { for id in ids { cancelGroup(id, reason: .explicit) } }
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
    cancelInStretch { cancelGroups(matching: matches, reason: .explicit) }
    if intake.enqueue(.cancelMatching(matches)) { scheduleDrain() }
  }

  /// Cancels every group whose identifier matches, oldest work first.
  func cancelGroups(matching matches: (CancelID) -> Bool, reason: CancellationReason) {
    let ids = registry.groups.filter { matches($0.key) }.sorted { $0.value.oldestNumber < $1.value.oldestNumber }
    for (id, _) in ids { cancelGroup(id, reason: reason) }
  }

  nonisolated func cancelFromOutside(ids: [CancelID]) {
    if intake.enqueue(contentsOf: ids.map { .cancel($0) }) { scheduleDrainFromOutside() }
  }

  nonisolated func cancelFromOutside(matching matches: @escaping @Sendable (CancelID) -> Bool) {
    if intake.enqueue(.cancelMatching(matches)) { scheduleDrainFromOutside() }
  }
}
