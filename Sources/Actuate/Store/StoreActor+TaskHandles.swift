extension StoreActor {
  /// A handle on the action task numbered `number` while the store holds it: running, sleeping out a
  /// delay, queued behind its group or waiting out a throttle window. `nil` once it has ended.
  package func actionTask(numbered number: UInt64) -> ActionTask? {
    scheduler.record(numbered: number).map(ActionTask.init(record:))
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
