extension StoreActor {
  /// Puts an action under the identifiers its policy names beside its own (``ActionPolicy/also(id:)``), for
  /// as long as it runs or waits.
  func tag(_ record: ActionRecord<I>, own: CancelID, extras: [CancelID]) {
    registry.tags[record.number] = .init(own: own, extras: extras)
    for id in extras { registry.groups[id, default: .init()].tagged[record.number] = record }
  }

  /// Takes an action that ended out of the groups it was tagged in; what waited for it there may start.
  func untag(_ record: TaskRecord) {
    guard let tags = registry.tags.removeValue(forKey: record.number) else { return }
    for id in tags.extras {
      guard var group = registry.groups.removeValue(forKey: id) else { continue }
      group.tagged.removeValue(forKey: record.number)
      let mayStart = group.mayStartWaiting
      if !group.isEmpty { registry.groups[id] = group }
      if mayStart { startWaiting(under: id) }
    }
  }

  /// Cancels actions tagged with an identifier that is not their own, where they run or wait under their
  /// own: a started one cooperatively, a waiting one before it starts, so it never runs.
  func cancelTagged(_ tagged: [UInt64: TaskRecord], reason: CancellationReason) {
    for record in tagged.values.sorted(by: { $0.number < $1.number }) {
      guard !record.isDone, let own = registry.tags[record.number]?.own else { continue }
      let record = actionRecord(record)
      if registry.groups[own]?.uncancelled[record.number] != nil {
        registry.groups[own]?.uncancelled.removeValue(forKey: record.number)
      } else if dropIfWaiting(record, under: own, reason: reason) {
        continue
      }
      // Started, or taken and about to start: a cancelled action that has not started never will.
      cancelStarted(record, reason: reason)
    }
  }
}
