// Package API for tests and benchmarks: outside code cancels by sending an action whose handler cancels, so
// that `cancel` on a store always means "now, inside the store" (``StoreActor/cancel(id:)``).
extension Store {
  /// Cancels everything that runs or waits under any of `ids`, after the actions sent before this call are
  /// taken: as ``cancel(id:)`` does for each, all at once.
  ///
  /// ```swift
  /// store.cancel(ids: [SearchID(), SuggestionsID()])
  /// ```
  package func cancel(ids: [any Hashable & Sendable]) {
    actor.cancelFromOutside(ids: ids.map { CancelID($0) })
  }

  /// Cancels everything that runs or waits under every identifier of type `ID` for which `isMatch` is true,
  /// after the actions sent before this call are taken (those that match never start).
  ///
  /// ```swift
  /// store.cancel(ids: DownloadID.self, where: { $0.folder == folder })
  /// ```
  public func cancel<ID: Hashable & Sendable>(ids type: ID.Type, where isMatch: @escaping @Sendable (ID) -> Bool) {
    actor.cancelFromOutside(matching: CancelID.matching(type, isMatch))
  }
}
