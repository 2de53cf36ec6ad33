extension StoreActor {
  // MARK: Cancelling a child's work

  /// Cancels everything the child at `state` runs, and everything its own children run: running
  /// handlers, queued and delayed actions, throttle windows. For a ``Child/forEach(_:interactor:embed:extract:reaction:)``
  /// entry, every element's child. The children stay, and their hooks run on.
  ///
  /// ```swift
  /// case .clearCompleted:
  ///   store.cancelChild(\.todos)
  /// ```
  public func cancelChild(_ state: PartialKeyPath<I.State>) {
    cancelChildWork(at: state, id: nil)
  }

  /// Cancels everything the child for the element with `id` at `state` runs, and its own children.
  public func cancelChild(_ state: PartialKeyPath<I.State>, id: some Hashable & Sendable) {
    cancelChildWork(at: state, id: AnyHashable(id))
  }

  private func cancelChildWork(at path: PartialKeyPath<I.State>, id: AnyHashable?) {
    guard let nodes = children?.nodes(at: path, id: id) else {
      return warnings.warn(
        "\(storeID) has no child at \(path), so there was nothing to cancel. Name the key path of an entry of the interactor's `children`."
      )
    }
    route.cancelNodes(nodes, from: self)
  }

  /// Cancels everything the children numbered `nodes` run: a cancel made by code in its stretch
  /// (``cancelChild(_:)``, this store's or a child's through its link).
  func cancelChildNodes(_ nodes: Set<UInt64>) {
    cancelInStretch { carryOut(scheduler.cancel(children: nodes, reason: .explicit)) }
  }

  // MARK: Keeping the children in step with the state

  /// Brings a root's children up to date with its state: run at start and after every change, with the
  /// state before the change.
  func reconcileChildren(old: I.State?) {
    guard link == nil, hasChildren, !stretch.isStopped else { return }
    let parent = children!.rootLink ?? makeRootLink()
    var started: [any ChildNodeProtocol] = []
    var ended = Set<UInt64>()
    children!.reconcile(with: current, oldRoot: old, parent: parent, started: &started, ended: &ended)
    if !started.isEmpty || !ended.isEmpty { home.countsChildren = children!.watches }
    carryOut(scheduler.cancel(children: ended, reason: .childGone))
    for node in started { node.start() }
  }

  private func makeRootLink() -> any ChildLink<I> {
    let link = RootedLink<I, I>(
      store: self, name: "", node: 0, state: current, read: { $0 }, write: \I.State.self, embed: { $0 })
    children!.rootLink = link
    return link
  }

  /// Ends every child as the store stops; what they run was cancelled with everything else. Dropping the
  /// root link breaks the one cycle a store with children has (the link holds the store).
  func endChildren() {
    var ended = Set<UInt64>()
    children?.endAll(oldRoot: nil, collecting: &ended)
    children?.rootLink = nil
  }

  /// Marks the children whose state went away since the last write of the open stretch (see
  /// `ChildTable.noteGone`). Only a root whose children can go calls it (`home.countsChildren`).
  @inline(never)
  func noteGoneChildren() {
    children!.noteGone(in: current)
  }

  /// Whether the task behind a write is cancelled, as `beginWrite` asks: its record, or, for a hook, whose
  /// task ends with its child, or a task with no record of this store's, the Swift task.
  @inline(never)
  func isCancelledNow(_ cause: TaskRecord?) -> Bool {
    guard let cause, cause.owner == ObjectIdentifier(self) else { return Task.isCancelled }
    return cause.isCancelled || cause is any HookTaskRecord && Task.isCancelled
  }

  // MARK: Routing

  /// Takes an action that carries a child's: starts it under the child's policy, or drops it, with a
  /// warning, when the child is not there or outside code may not send it. Returns `false` for an action
  /// that is the parent's own.
  func routeToChild(_ record: ActionRecord<I>) -> Bool {
    guard let route = children?.route(record.action, fromOutside: { record.sender == nil }) else { return false }
    switch route {
    case .handle(let policy, let node, let run):
      record.childAction = ChildAction(node: node, run: run)
      schedule(record, under: policy)
    case .absent(let child):
      let message =
        "\(storeID): \(describe(record.action)) is for \(child), which is not in the state, so it was not handled. Send a child's actions only while its state is there."
      warnings.warn(message)
      // The log has it from `warnings` when the store is logged; the other observers hear it here.
      if observers.hasListeners { emitToListeners(.warning(message)) }
      drop(record, reason: .childGone)
    case .refused(let why):
      let message = "\(storeID): \(describe(record.action)) was sent from outside \(why) It was not handled."
      warnings.warn(message)
      // The log has it from `warnings` when the store is logged; the other observers hear it here.
      if observers.hasListeners { emitToListeners(.warning(message)) }
      reject(record)
    }
    return true
  }

  /// Ends an action the store refused to take, as it ends one sent after `stop()`.
  private func reject(_ record: ActionRecord<I>) {
    record.reader?.read(current)
    _ = record.end(.rejected)
    if !observers.isEmpty { emitEnded(record, startedAt: nil) }
  }

  // MARK: The shared executor

  /// Runs `operation` isolated to this store, from code that runs on the store's executor by construction:
  /// a child store and its root share one executor, and each reaches the other only from there.
  ///
  /// `assumeIsolated` with its check made only in debug builds: a child reaches its root this way at every
  /// read, write and send, and the check is not free.
  nonisolated func onSharedExecutor<T: Sendable>(_ operation: (isolated StoreActor) throws -> T) rethrows -> T {
    #if DEBUG
    return try assumeIsolated(operation)
    #else
    typealias Unisolated = (StoreActor) throws -> T
    return try withoutActuallyEscaping(operation) { operation in
      try unsafeBitCast(operation, to: Unisolated.self)(self)
    }
    #endif
  }
}
