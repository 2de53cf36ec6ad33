import Actuate

extension TestStore {
  /// The store's tasks that have not ended and do not sleep on a clock: actions' and busy hooks'.
  func runningTasks() async -> [(number: UInt64, description: String)] {
    let actions = await store.actor.runningRecords
    let hooks = store.actor.home.deliveries.busyRecords.filter { $0 is any HookTaskRecord }
    return (actions + hooks).map { ($0.number, name($0)) }
  }

  /// A task as a failure names it: its action, or its hook.
  func name(_ record: TaskRecord) -> String {
    if record is any HookTaskRecord { return TestClock.describe(record) }
    return recorder.log.withLock { $0.unfinished[record.number] }.map(Actuate.describe) ?? TestClock.describe(record)
  }

  /// What caused a change, as a failure names it.
  func describe(_ cause: StoreCause<I>) -> String {
    switch cause {
    case .action(let action, _): Actuate.describe(action)
    case .hook(let hook): "the hook \(Actuate.describe(hook))"
    case .childHook(let hook): "the child's \(hook)"
    case .cancellation(let action, _, let reason): "the cleanup of \(Actuate.describe(action)), cancelled (\(reason))"
    case .unknown: "code outside any handler or hook"
    }
  }
}
