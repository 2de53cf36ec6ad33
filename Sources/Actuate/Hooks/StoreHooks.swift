/// A store's hooks: the ones it is to start, until it starts them, then the tasks running them.
///
/// One field for both, as each is needed only while the other is not: the hooks are let go once their tasks
/// run, and an idle store keeps one word for them, not two.
enum StoreHooks<I: Interactor> {
  /// Not started yet: the hooks to start, in order.
  case toStart([I.Hook])
  /// Started, or let go unstarted by a stop: the tasks running them, which a stop cancels.
  case started([Task<Void, Never>])

  /// The tasks running the hooks; none before they start.
  var tasks: [Task<Void, Never>] {
    if case .started(let tasks) = self { return tasks }
    return []
  }

  /// Keeps the task of a hook just started.
  mutating func append(_ task: Task<Void, Never>) {
    var tasks = self.tasks
    // Emptied first, so that the array is not shared and the append is made in place.
    self = .started([])
    tasks.append(task)
    self = .started(tasks)
  }

  /// Cancels the running hooks and forgets them, and the hooks not started yet with them: after a stop,
  /// none starts.
  mutating func cancelAll() {
    for task in tasks { task.cancel() }
    self = .started([])
  }
}
