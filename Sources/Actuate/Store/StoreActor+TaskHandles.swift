extension StoreActor {
  /// A handle on the action task numbered `number` while the store holds it: running, sleeping out a
  /// delay, queued behind its group or waiting out a throttle window. `nil` once it has ended.
  package func actionTask(numbered number: UInt64) -> ActionTask? {
    if let live = registry.live[number] { return ActionTask(record: live.record) }
    for group in registry.groups.values {
      if let record = group.active[number] ?? group.queued.first(where: { $0.record.number == number })?.record {
        return ActionTask(record: record)
      }
      if let pending = group.window?.pending, pending.number == number { return ActionTask(record: pending) }
    }
    return nil
  }

  /// A handle on an action task of this store that has ended with `outcome`, for one the store no longer
  /// holds: a test that asks about an action after it ended gets the same answers as a handle kept from
  /// the start.
  package nonisolated func endedActionTask(numbered number: UInt64, outcome: ActionOutcome) -> ActionTask {
    let record = TaskRecord(number: number, owner: ObjectIdentifier(self), home: home)
    record.end(outcome)
    return ActionTask(record: record)
  }
}
